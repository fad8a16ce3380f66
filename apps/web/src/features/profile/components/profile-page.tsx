// SPEC 2.3 item 13: the avatar upload, the read-only name, e-mail and mobile (SPEC 5), Save, and
// the trial countdown or the subscription, the payments; D-12: deleting the account.
import { formatPhone } from '../../../lib/phone-format';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bell } from 'lucide-react';
import type { User } from '@app/shared';
import { Page } from '../../../components/page';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { useUpdateUser } from '../api/update-user';
import { useChosenImage } from '../../../lib/use-chosen-images';
import { AccountStatus } from './account-status';
import { AvatarField } from './avatar-field';
import { DeleteAccount } from './delete-account';
import { EmailProof } from './email-proof';
import { PaymentHistory } from './payment-history';
import '../profile.css';

export function ProfilePage({ title }: { title: string }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <Page title={title}>
      {user ? (
        <div className="account-stack">
          <ProfileForm user={user} />
          <EmailProof user={user} />
          <AccountStatus user={user} />
          {/* D-36: the alerts screen. */}
          <section className="card" aria-labelledby="profile-alerts">
            <h2 id="profile-alerts" className="account-heading">
              {t('alerts.profileTitle')}
            </h2>
            <p>{t('alerts.profileText')}</p>
            <Link to="/alerts" className="button button-secondary">
              <Bell aria-hidden="true" size={18} />
              {t('alerts.manage')}
            </Link>
          </section>
          <PaymentHistory userId={user._id} />
          <DeleteAccount userId={user._id} />
        </div>
      ) : (
        <Spinner />
      )}
    </Page>
  );
}

function ReadOnlyField({
  label,
  value,
  type = 'text',
}: {
  label: string;
  value: string;
  type?: 'text' | 'email' | 'tel';
}) {
  const id = useId();
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="account-input"
        type={type}
        value={value}
        readOnly
        dir={type === 'text' ? undefined : 'ltr'}
      />
    </div>
  );
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [chosen, choose] = useChosenImage();
  const [resetKey, setResetKey] = useState(0);
  const update = useUpdateUser();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');

  return (
    <form
      className="card account-form"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { userId: user._id, avatar: chosen?.file ?? null },
          {
            onSuccess: () => {
              choose(null);
              setResetKey((k) => k + 1);
            },
          },
        );
      }}
    >
      <AvatarField
        current={user.profile_pic}
        chosen={chosen}
        resetKey={resetKey}
        onChange={(file) => {
          update.reset();
          choose(file);
        }}
      />
      <p className="muted account-note">{t('profile.readOnlyNote')}</p>
      <ReadOnlyField label={t('profile.name')} value={name} />
      <ReadOnlyField label={t('profile.email')} value={user.email} type="email" />
      <ReadOnlyField label={t('profile.mobile')} value={user.mobile_no ? formatPhone(user.mobile_no) : ''} type="tel" />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={update.isPending}>
          {update.isPending ? t('profile.saving') : t('profile.save')}
        </button>
        {update.isSuccess ? (
          <span role="status" className="saved">
            {t('profile.saved')}
          </span>
        ) : null}
      </div>
      {update.isError ? (
        // SPEC 8: 'Oops some error happened, please try again'.
        <p role="alert" className="account-error">
          {t('errors.profileUpdateFailed')}
        </p>
      ) : null}
    </form>
  );
}
