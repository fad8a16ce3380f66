import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';

const SECTIONS = [
  ['roleTitle', 'roleText'],
  ['contactTitle', 'contactText'],
  ['paymentsTitle', 'paymentsText'],
  ['securityTitle', 'securityText'],
  ['rightsTitle', 'rightsText'],
  ['contactUsTitle', 'contactUsText'],
] as const;

const COLLECTED = ['collectProfile', 'collectLocation', 'collectTransaction', 'collectUsage', 'collectDevice'] as const;

export function PrivacyPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const [first, ...rest] = SECTIONS;
  return (
    <Page title={title}>
      <div className="prose">
        <p className="muted">{t('privacy.updated')}</p>
        <p className="lead">{t('privacy.intro')}</p>
        {first ? <Section title={t(`privacy.${first[0]}`)} text={t(`privacy.${first[1]}`)} /> : null}
        <h2>{t('privacy.collectTitle')}</h2>
        <ul>
          {COLLECTED.map((key) => (
            <li key={key}>{t(`privacy.${key}`)}</li>
          ))}
        </ul>
        {rest.map(([heading, text]) => (
          <Section key={heading} title={t(`privacy.${heading}`)} text={t(`privacy.${text}`)} />
        ))}
      </div>
    </Page>
  );
}

function Section({ title, text }: { title: string; text: string }) {
  return (
    <>
      <h2>{title}</h2>
      <p>{text}</p>
    </>
  );
}
