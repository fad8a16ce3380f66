// D-12: a user may delete their account, after a confirmation.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/api-errors';
import { useDeleteAccount } from '../api/delete-account';
import '../profile.css';

export function DeleteAccount({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAccount();

  return (
    <section className="card account-danger" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-heading">
        {t('profile.deleteTitle')}
      </h2>
      <p className="muted">{t('profile.deleteText')}</p>
      <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
        {t('profile.deleteButton')}
      </button>
      <Modal
        open={confirming}
        title={t('profile.deleteConfirmTitle')}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <button
              type="button"
              className="button button-danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate(userId)}
            >
              {remove.isPending ? t('profile.deleting') : t('profile.deleteConfirm')}
            </button>
            <button type="button" className="button button-ghost" onClick={() => setConfirming(false)}>
              {t('profile.cancel')}
            </button>
          </>
        }
      >
        <p>{t('profile.deleteConfirmText')}</p>
        {remove.isError ? (
          <p role="alert" className="account-error">
            {errorText(t, remove.error)}
          </p>
        ) : null}
      </Modal>
    </section>
  );
}
