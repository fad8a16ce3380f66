// SPEC 2.3 item 22, last step: the new password twice ('Password doesnot match' when they
// differ), then /login with a notice.
import { formatPhone } from '../../../lib/phone-format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '@app/shared';
import { useUpdatePassword } from '../api/update-password';
import { clearResetFlow, resetFlowOf } from '../utils/reset-flow';
import { AuthForm } from './auth-form';
import { PasswordField } from './fields';
import { StartAgain } from './start-again';

export function ResetPasswordPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const flow = resetFlowOf(location.state);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<{ text: string; field: 'password' | 'confirm' } | null>(null);
  const update = useUpdatePassword();

  if (!flow?.verification_token) return <StartAgain title={title} />;
  const { mobile_no, verification_token } = flow;

  return (
    <AuthForm
      title={title}
      mutation={update}
      problem={problem?.text ?? null}
      submitLabel={t('forgot.save')}
      errorAction={<Link to="/forgetpassword">{t('forgot.start')}</Link>}
      onSubmit={() => {
        if (password === '' || confirm === '')
          return setProblem({ text: t('errors.missingFields'), field: password === '' ? 'password' : 'confirm' });
        if (password !== confirm) return setProblem({ text: t('errors.passwordMismatch'), field: 'confirm' });
        // D-8
        if (password.length < MIN_PASSWORD_LENGTH)
          return setProblem({ text: t('register.passwordTooShort'), field: 'password' });
        setProblem(null);
        update.mutate(
          { mobile_no, password, verification_token },
          {
            onSuccess: () => {
              clearResetFlow();
              void navigate('/login', { replace: true, state: { notice: 'passwordReset' } });
            },
          },
        );
      }}
    >
      <p>{t('forgot.resetIntro', { number: formatPhone(mobile_no) })}</p>
      <PasswordField
        label={t('forgot.password')}
        hint={t('register.passwordHint')}
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        invalid={problem?.field === 'password'}
      />
      <PasswordField
        label={t('forgot.confirm')}
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
        invalid={problem?.field === 'confirm'}
      />
    </AuthForm>
  );
}
