// D-18: mobile-money subscriptions (Senegal, Niger, DR Congo) are activated by hand: the admin picks
// the user, types the operator's reference and the currency paid.
import { formatPhone } from '../../../lib/phone-format';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY_CODES, localeTag, type CurrencyCode } from '@app/shared';
import { errorText } from '../../../lib/api-errors';
import { getLanguage } from '../../../lib/settings';
import type { AdminUser } from '../api/admin-users';
import { useMarkSubscriptionPaid } from '../api/mark-subscription-paid';
import { dateTimeFormat } from '../../../lib/intl';

const who = (u: AdminUser) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') + (u.mobile_no ? ` · ${formatPhone(u.mobile_no)}` : '');

export function MarkPaidForm({ users }: { users: AdminUser[] }) {
  const { t } = useTranslation();
  const id = useId();
  const mark = useMarkSubscriptionPaid();
  const [userId, setUserId] = useState('');
  const [reference, setReference] = useState('');
  const [currency, setCurrency] = useState<CurrencyCode>('XOF');
  const done = mark.data;
  const end = done?.subscription.subscription_end_date ? new Date(done.subscription.subscription_end_date) : null;

  return (
    <form
      className="card admin-mark-paid"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        mark.mutate({ user_id: userId, reference: reference.trim(), currency }, { onSuccess: () => setReference('') });
      }}
    >
      <h2 id={`${id}-title`} className="account-heading">
        {t('admin.markPaidTitle')}
      </h2>
      <p className="muted">{t('admin.markPaidText')}</p>
      <div className="account-field">
        <label htmlFor={`${id}-user`}>{t('admin.markPaidUser')}</label>
        <select
          id={`${id}-user`}
          className="account-input"
          required
          value={userId}
          onChange={(event) => setUserId(event.target.value)}
        >
          <option value="">{t('admin.markPaidChoose')}</option>
          {users.map((u) => (
            <option key={u._id} value={u._id}>
              {who(u)}
            </option>
          ))}
        </select>
      </div>
      <div className="account-field">
        <label htmlFor={`${id}-reference`}>{t('admin.markPaidReference')}</label>
        <input
          id={`${id}-reference`}
          className="account-input"
          required
          minLength={3}
          maxLength={100}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
        />
      </div>
      <div className="account-field">
        <label htmlFor={`${id}-currency`}>{t('admin.markPaidCurrency')}</label>
        <select
          id={`${id}-currency`}
          className="account-input"
          value={currency}
          onChange={(event) => setCurrency(event.target.value as CurrencyCode)}
        >
          {CURRENCY_CODES.map((code) => (
            <option key={code} value={code}>
              {t(`admin.currency${code}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={mark.isPending}>
          {t('admin.markPaidSubmit')}
        </button>
      </div>
      {done ? (
        <p className="notice notice-success" role="status">
          {t('admin.markPaidDone', {
            name: [done.firstName, done.lastName].filter(Boolean).join(' '),
            date: end ? dateTimeFormat(localeTag(getLanguage()), { dateStyle: 'long' }).format(end) : '',
          })}
        </p>
      ) : null}
      {mark.isError ? (
        <p className="notice notice-error" role="alert">
          {errorText(t, mark.error)}
        </p>
      ) : null}
    </form>
  );
}
