// SPEC 2.3 item 8 and D-14: call, WhatsApp, e-mail and SMS icons for the contact data the API sent;
// the server sends it only to a viewer entitled to it, so what is absent is simply not shown.
import { Mail, MessageCircle, MessageSquareText, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '../lib/phone-format';
import { digitsOf } from '../lib/post';

interface Props {
  name: string;
  email?: string | undefined;
  mobile?: string | undefined;
}

export function ContactLinks({ name, email, mobile }: Props) {
  const { t } = useTranslation();
  const phone = mobile?.trim() ? mobile.trim() : null;
  const mail = email?.trim() ? email.trim() : null;
  if (!phone && !mail) return null;
  return (
    <div className="deal-contacts">
      <ul className="deal-contact-icons" aria-label={t('details.contactWays')}>
        {phone ? (
          <>
            <li>
              <a
                className="deal-contact"
                href={`tel:${phone.replace(/[^\d+]/g, '')}`}
                aria-label={t('details.call', { name })}
              >
                <Phone aria-hidden="true" size={22} />
              </a>
            </li>
            <li>
              <a
                className="deal-contact"
                href={`https://wa.me/${digitsOf(phone)}`}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('details.whatsapp', { name })}
              >
                <MessageCircle aria-hidden="true" size={22} />
              </a>
            </li>
          </>
        ) : null}
        {mail ? (
          <li>
            <a className="deal-contact" href={`mailto:${mail}`} aria-label={t('details.email', { name })}>
              <Mail aria-hidden="true" size={22} />
            </a>
          </li>
        ) : null}
        {phone ? (
          <li>
            <a
              className="deal-contact"
              href={`sms:${phone.replace(/[^\d+]/g, '')}`}
              aria-label={t('details.sms', { name })}
            >
              <MessageSquareText aria-hidden="true" size={22} />
            </a>
          </li>
        ) : null}
      </ul>
      <dl className="deal-contact-text">
        {mail ? (
          <div>
            <dt>{t('details.emailLabel')}</dt>
            <dd>{mail}</dd>
          </div>
        ) : null}
        {phone ? (
          <div>
            <dt>{t('details.mobileLabel')}</dt>
            <dd dir="ltr">{formatPhone(phone)}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
