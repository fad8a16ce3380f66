// SPEC 2.3 item 18: e-mail or phone and password, Forgot Password, Create An Account, Google and
// Facebook, and the location modal when the location is off. The language switch is in the
// header of every sign-in screen.
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../lib/api-errors';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { returnPath } from '../../../lib/return-to';
import { storeSession } from '../../../lib/session';
import { useHydrated, useTypedBeforeHydration } from '../../../lib/use-hydrated';
import { useLogin } from '../api/login';
import { usePosition } from '../../../lib/geolocation';
import { AuthPage, Notice } from './auth-page';
import { PasswordField, TextField } from './fields';
import { LocationModal } from '../../../components/location-modal';
import { SocialButtons } from './social-buttons';

/** What the screen that sent the user here wants said (router state `notice`). */
const NOTICES = { registered: 'login.registered', passwordReset: 'login.passwordReset' } as const;
/** `?error=` values: D-9's ended session, and a social sign-in that did not complete. */
const URL_ERRORS = { expirationError: 'errors.expirationError', social: 'login.socialError' } as const;

const keyOf = <T extends Record<string, string>>(table: T, value: unknown): T[keyof T] | null =>
  typeof value === 'string' && Object.hasOwn(table, value) ? table[value as keyof T] : null;

export function LoginPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const geo = usePosition();
  const [locationDismissed, setLocationDismissed] = useState(false);
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const login = useLogin();
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  useTypedBeforeHydration(form, (name, value) => (name === 'password' ? setPassword : setIdentifier)(String(value)));

  const notice = keyOf(NOTICES, (location.state as { notice?: unknown } | null)?.notice);
  const urlError = keyOf(URL_ERRORS, params.get('error'));

  return (
    <AuthPage title={title}>
      {urlError && !login.isSuccess ? <Notice kind="error">{t(urlError)}</Notice> : null}
      {notice ? <Notice kind="success">{t(notice)}</Notice> : null}
      {/* POST: a native submit (none before hydration: the button waits) never puts the password
          in the address. */}
      <form
        ref={form}
        method="post"
        className="card form auth-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (identifier.trim() === '' || password === '') {
            setMissing(true);
            return;
          }
          setMissing(false);
          login.mutate(
            { email: identifier, password },
            {
              onSuccess: (session) => {
                storeSession(session);
                queryClient.setQueryData(currentUserQueryOptions().queryKey, session.user);
                void navigate(returnPath(location.state, params.get('next')), { replace: true });
              },
            },
          );
        }}
      >
        <TextField
          label={t('login.identifier')}
          name="identifier"
          hint={t('login.identifierHint')}
          value={identifier}
          onChange={setIdentifier}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          invalid={missing && identifier.trim() === ''}
        />
        <PasswordField
          label={t('login.password')}
          name="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          invalid={missing && password === ''}
        />
        {missing ? <Notice kind="error">{t('errors.missingFields')}</Notice> : null}
        {login.isError ? <Notice kind="error">{errorText(t, login.error)}</Notice> : null}
        <button type="submit" className="button button-primary button-block" disabled={login.isPending || !hydrated}>
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </button>
        <p className="auth-links">
          <Link to="/forgetpassword">{t('login.forgot')}</Link>
          <Link to="/accountcreation">{t('login.create')}</Link>
        </p>
      </form>
      <SocialButtons heading={t('login.socialHeading')} />
      <LocationModal open={geo.status === 'off' && !locationDismissed} onClose={() => setLocationDismissed(true)} />
    </AuthPage>
  );
}
