// SPEC 2.3 item 22, first step: the mobile number, then Send Code, then /verifycode.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../../lib/api-errors';
import { useSendCode } from '../api/send-code';
import { saveResetFlow } from '../utils/reset-flow';
import { DEFAULT_DIAL_COUNTRY, toMobile, type DialCountry } from '../utils/phone';
import { AuthPage, Notice } from './auth-page';
import { PhoneField } from './country-fields';

export function ForgotPasswordPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialCountry, setDialCountry] = useState<DialCountry>(DEFAULT_DIAL_COUNTRY);
  const [mobile, setMobile] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const sendCode = useSendCode();

  return (
    <AuthPage title={title}>
      <form
        className="card form auth-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          sendCode.reset();
          if (mobile.trim() === '') return setProblem(t('errors.missingFields'));
          const mobile_no = toMobile(dialCountry, mobile);
          if (!mobile_no) return setProblem(t('register.invalidMobile'));
          setProblem(null);
          sendCode.mutate(
            { mobile_no, forget_password: true },
            {
              onSuccess: () => {
                saveResetFlow({ mobile_no });
                void navigate('/verifycode', { state: { mobile_no } });
              },
            },
          );
        }}
      >
        <p>{t('forgot.intro')}</p>
        <PhoneField
          dialCountry={dialCountry}
          onDialCountry={setDialCountry}
          value={mobile}
          onChange={setMobile}
          invalid={problem !== null}
          hint={t('register.mobileHint')}
        />
        {problem ? <Notice kind="error">{problem}</Notice> : null}
        {sendCode.isError ? <Notice kind="error">{errorText(t, sendCode.error)}</Notice> : null}
        <button type="submit" className="button button-primary button-block" disabled={sendCode.isPending}>
          {sendCode.isPending ? t('register.sending') : t('forgot.send')}
        </button>
        <p className="auth-links">
          <Link to="/login">{t('forgot.backToLogin')}</Link>
        </p>
      </form>
    </AuthPage>
  );
}
