// The SMS code step of a social sign-up's completion, as registration has one
// (D-10): the 6 digits, a new code, or back to change the number.
import { useTranslation } from 'react-i18next';
import { CodeField, useCodeEntry } from '../../../components/code-field';

interface NumberCodeStepProps {
  /** The number the code went to, shown so a typo is noticed. */
  number: string;
  busy: boolean;
  problem: string | null;
  resent: boolean;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
}

export function NumberCodeStep({ number, busy, problem, resent, onSubmit, onResend, onBack }: NumberCodeStepProps) {
  const { t } = useTranslation();
  const { code, setCode, incomplete, onSubmit: submit } = useCodeEntry(onSubmit);
  const shown = incomplete ? t('registerCountry.codeIncomplete') : problem;
  return (
    <form className="card account-form" noValidate onSubmit={submit}>
      <p>{t('registerCountry.codeSent', { number })}</p>
      <CodeField
        label={t('registerCountry.code')}
        code={code}
        setCode={setCode}
        invalid={Boolean(shown)}
        fieldClass="account-field"
        inputClass="account-input"
      />
      {shown ? (
        <p role="alert" className="account-error">
          {shown}
        </p>
      ) : null}
      {resent && !shown ? (
        <p role="status" className="muted">
          {t('registerCountry.codeResent')}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
          {busy ? t('registerCountry.saving') : t('registerCountry.confirmCode')}
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={onResend}>
          {t('registerCountry.resend')}
        </button>
        <button type="button" className="button button-ghost" disabled={busy} onClick={onBack}>
          {t('registerCountry.changeNumber')}
        </button>
      </div>
    </form>
  );
}
