// SPEC 2.3 item 20 after the form: the SMS code to the checked number, its check, the account
// created with the token that proves the number (API.md), then the sign-in with what
// was just typed and the dashboard.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api-errors';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { storeSession } from '../../../lib/session';
import { useLogin } from '../api/login';
import { useRegister, type RegisterInput } from '../api/register';
import { useSendCode } from '../api/send-code';
import { useValidateCode } from '../api/validate-code';

/** What the code was sent for: the checked number and e-mail. */
export type Pending = { mobile_no: string; email: string };

export function useSignUp() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sendCode = useSendCode();
  const validateCode = useValidateCode();
  const register = useRegister();
  const login = useLogin();
  const [pending, setPending] = useState<Pending | null>(null);
  const [resent, setResent] = useState(false);

  /** Sends the code for a form that passed its checks; the code dialog opens once it is sent. */
  const send = (target: Pending) =>
    sendCode.mutate(target, {
      onSuccess: () => {
        validateCode.reset();
        setResent(false);
        setPending(target);
      },
    });

  /** Checks the typed code, then creates the account `account` describes and signs it in. */
  const verify = (code: string, account: (pending: Pending, verification_token: string) => RegisterInput) => {
    if (!pending) return;
    setResent(false);
    validateCode.mutate(
      { mobile_no: pending.mobile_no, code, forget_password: false },
      {
        onSuccess: ({ verification_token }) => {
          const input = account(pending, verification_token);
          register.mutate(input, {
            // API.md's register answers the User only, so the page signs in with what was just
            // typed; should that fail, the login page says the account exists, as before.
            onSuccess: () =>
              login.mutate(
                { email: pending.email, password: input.newUser.password },
                {
                  onSuccess: (session) => {
                    storeSession(session);
                    queryClient.setQueryData(currentUserQueryOptions().queryKey, session.user);
                    void navigate('/dashboard', { replace: true });
                  },
                  onError: () => void navigate('/login', { replace: true, state: { notice: 'registered' } }),
                },
              ),
            // 409 or 401: back to the form, where the reason shows.
            onSettled: () => setPending(null),
          });
        },
      },
    );
  };

  const resend = () => {
    if (!pending) return;
    validateCode.reset();
    sendCode.mutate(pending, { onSuccess: () => setResent(true) });
  };

  return {
    pending,
    resent,
    send,
    verify,
    resend,
    cancel: () => setPending(null),
    /** Before a new check of the form: the last server errors go. */
    reset: () => {
      sendCode.reset();
      register.reset();
    },
    busy: sendCode.isPending || validateCode.isPending || register.isPending || login.isPending,
    /** The code is on its way for the form (not a resend). */
    sending: sendCode.isPending && !pending,
    /** Why the form's last sending or the account creation failed. */
    formError: register.isError
      ? errorText(t, register.error)
      : sendCode.isError && !pending
        ? errorText(t, sendCode.error)
        : null,
    /** In the code dialog: why the code failed (and the server's detail), or why a resend failed. */
    codeError: validateCode.isError ? t('errors.codeFailed') : sendCode.isError ? errorText(t, sendCode.error) : null,
    codeDetail: validateCode.isError ? errorText(t, validateCode.error) : null,
  };
}
