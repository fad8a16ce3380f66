// A user proves their e-mail with a code mailed to it. Admin rights named by
// ADMIN_EMAILS need this proof; for everyone else it is a small confirmation on the profile.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@app/shared';
import { CodeField, useCodeEntry } from '../../../components/code-field';
import { errorText } from '../../../lib/api-errors';
import { useSendEmailCode, useVerifyEmail } from '../api/prove-email';
import '../email-proof.css';

export function EmailProof({ user }: { user: User }) {
  const { t } = useTranslation();
  const headingId = useId();
  const send = useSendEmailCode();
  const verify = useVerifyEmail();
  const { code, setCode, incomplete, onSubmit } = useCodeEntry((typed) => verify.mutate(typed));

  if (!user.email) return null;
  const failed = send.error ?? verify.error;
  const problem = incomplete ? t('emailProof.codeIncomplete') : failed ? errorText(t, failed) : null;

  return (
    <section className="card email-proof" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-heading">
        {t('emailProof.title')}
      </h2>
      {user.email_verified ? (
        <p role="status" className="email-proof-done">
          {t('emailProof.verified', { email: user.email })}
        </p>
      ) : (
        <>
          <p className="muted">{t('emailProof.lead', { email: user.email })}</p>
          {send.isSuccess ? (
            <form className="email-proof-form" noValidate onSubmit={onSubmit}>
              <p role="status">{t('emailProof.sent', { email: user.email })}</p>
              <CodeField
                label={t('emailProof.code')}
                code={code}
                setCode={setCode}
                invalid={Boolean(problem)}
                fieldClass="account-field"
                inputClass="account-input email-proof-code"
              />
              <div className="form-actions">
                <button
                  type="submit"
                  className="button button-primary"
                  disabled={verify.isPending}
                  aria-busy={verify.isPending}
                >
                  {t('emailProof.confirm')}
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={send.isPending}
                  onClick={() => {
                    verify.reset();
                    send.mutate();
                  }}
                >
                  {t('emailProof.resend')}
                </button>
              </div>
            </form>
          ) : (
            <div className="form-actions">
              <button
                type="button"
                className="button button-secondary"
                disabled={send.isPending}
                aria-busy={send.isPending}
                onClick={() => send.mutate()}
              >
                {t('emailProof.send')}
              </button>
            </div>
          )}
          {problem ? (
            <p role="alert" className="account-error">
              {problem}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
