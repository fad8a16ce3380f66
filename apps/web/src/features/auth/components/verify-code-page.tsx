// SPEC 2.3 item 22, second step: the SMS code, traded for the token /resetpassword needs.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '../../../lib/api-errors';
import { useSendCode } from '../api/send-code';
import { useValidateCode } from '../api/validate-code';
import { resetFlowOf, saveResetFlow } from '../utils/reset-flow';
import { AuthPage } from './auth-page';
import { CodeForm } from './code-form';
import { StartAgain } from './start-again';

export function VerifyCodePage({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const flow = resetFlowOf(location.state);
  const validateCode = useValidateCode();
  const sendCode = useSendCode();
  const [resent, setResent] = useState(false);

  if (!flow) return <StartAgain title={title} />;
  const { mobile_no } = flow;

  return (
    <AuthPage title={title}>
      <div className="card">
        <CodeForm
          number={mobile_no}
          busy={validateCode.isPending || sendCode.isPending}
          error={
            validateCode.isError
              ? errorText(t, validateCode.error)
              : sendCode.isError
                ? errorText(t, sendCode.error)
                : null
          }
          resent={resent}
          submitLabel={t('forgot.verify')}
          onSubmit={(code) => {
            setResent(false);
            sendCode.reset();
            validateCode.mutate(
              { mobile_no, code, forget_password: true },
              {
                onSuccess: ({ verification_token }) => {
                  saveResetFlow({ mobile_no, verification_token });
                  void navigate('/resetpassword', { state: { mobile_no, verification_token } });
                },
              },
            );
          }}
          onResend={() => {
            validateCode.reset();
            setResent(false);
            sendCode.mutate({ mobile_no, forget_password: true }, { onSuccess: () => setResent(true) });
          }}
        />
      </div>
    </AuthPage>
  );
}
