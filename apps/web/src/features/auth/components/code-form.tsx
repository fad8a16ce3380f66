// The 6-digit SMS code (D-10): used in the registration modal and on /verifycode.
import { formatPhone } from '../../../lib/phone-format';
import { useTranslation } from 'react-i18next';
import { CodeField, useCodeEntry } from '../../../components/code-field';
import { Notice } from './auth-page';

interface CodeFormProps {
  /** The number the code went to, shown so a typo is noticed. */
  number: string;
  busy: boolean;
  /** Texts to show: why the code failed, or that a new one was sent. */
  error?: string | null;
  detail?: string | null;
  resent?: boolean;
  submitLabel: string;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onCancel?: () => void;
}

export function CodeForm({
  number,
  busy,
  error,
  detail,
  resent,
  submitLabel,
  onSubmit,
  onResend,
  onCancel,
}: CodeFormProps) {
  const { t } = useTranslation();
  const { code, setCode, incomplete, onSubmit: submit } = useCodeEntry(onSubmit);
  return (
    <form className="form code-form" noValidate onSubmit={submit}>
      <p>{t('register.codeSent', { number: formatPhone(number) })}</p>
      <CodeField
        label={t('register.code')}
        code={code}
        setCode={setCode}
        invalid={incomplete || Boolean(error)}
        fieldClass="field"
        inputClass="code-input"
      />
      {incomplete ? <Notice kind="error">{t('register.codeIncomplete')}</Notice> : null}
      {!incomplete && error ? (
        <Notice kind="error">
          {error}
          {detail ? <span className="notice-detail">{detail}</span> : null}
        </Notice>
      ) : null}
      {resent ? <Notice kind="success">{t('register.codeResent')}</Notice> : null}
      <div className="form-actions form-actions-wrap">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
          {submitLabel}
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={onResend}>
          {t('register.resend')}
        </button>
        {onCancel ? (
          <button type="button" className="button button-ghost" onClick={onCancel}>
            {t('register.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
