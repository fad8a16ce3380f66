// Issue 14 item 7: the SMS code step of a social sign-up's completion, as registration has one
// (D-10): the 6 digits, a new code, or back to change the number.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  const id = useId();
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const shown = incomplete ? t('registerCountry.codeIncomplete') : problem;
  return (
    <form
      className="card account-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!/^\d{6}$/.test(code)) {
          setIncomplete(true);
          return;
        }
        setIncomplete(false);
        onSubmit(code);
      }}
    >
      <p>{t('registerCountry.codeSent', { number })}</p>
      <div className="account-field">
        <label htmlFor={id}>{t('registerCountry.code')}</label>
        <input
          id={id}
          className="account-input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          aria-invalid={shown ? true : undefined}
        />
      </div>
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
