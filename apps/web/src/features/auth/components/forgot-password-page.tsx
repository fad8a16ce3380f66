// SPEC 2.3 item 22, first step: the mobile number, then Send Code, then /verifycode.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSendCode } from '../api/send-code';
import { saveResetFlow } from '../utils/reset-flow';
import { localDialCountry, toMobile, type DialCountry } from '../utils/phone';
import { localCountry } from '../../../lib/settings';
import { AuthForm } from './auth-form';
import { PhoneField } from './country-fields';

export function ForgotPasswordPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialCountry, setDialCountry] = useState<DialCountry>(() => localDialCountry(localCountry()));
  const [mobile, setMobile] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const sendCode = useSendCode();

  return (
    <AuthForm
      title={title}
      mutation={sendCode}
      problem={problem}
      submitLabel={t('forgot.send')}
      pendingLabel={t('register.sending')}
      footer={
        <p className="auth-links">
          <Link to="/login">{t('forgot.backToLogin')}</Link>
        </p>
      }
      onSubmit={() => {
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
    </AuthForm>
  );
}
