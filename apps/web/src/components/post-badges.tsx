import { useTranslation } from 'react-i18next';

/** SPEC 2.3 item 1 and 6: '+ID' for a verified identity, 'VIP' for a VIP member. */
export function Badges({ verified, vip }: { verified: boolean; vip: boolean }) {
  const { t } = useTranslation();
  if (!verified && !vip) return null;
  return (
    <span className="deal-badges">
      {verified ? (
        <span className="deal-badge deal-badge-id" title={t('details.verifiedLabel')}>
          <span aria-hidden="true">{t('details.verifiedBadge')}</span>
          <span className="visually-hidden">{t('details.verifiedLabel')}</span>
        </span>
      ) : null}
      {vip ? (
        <span className="deal-badge deal-badge-vip" title={t('details.vipLabel')}>
          <span aria-hidden="true">{t('details.vipBadge')}</span>
          <span className="visually-hidden">{t('details.vipLabel')}</span>
        </span>
      ) : null}
    </span>
  );
}
