// SPEC 2.3 item 21 and SPEC 5: completing a social sign-up with the e-mail (only if the provider
// gave none), the phone (dial code and number) and the country. The number is
// proven by an SMS code first, as registration proves it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_DIAL_CODE } from '@app/shared';
import { CountrySelect } from '../../../components/country-select';
import { Page } from '../../../components/page';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import { useCountryList, useDialCodes } from '../../../lib/countries';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { storeSession } from '../../../lib/session';
import {
  completeSocialSignUp,
  heldSession,
  releaseSession,
  type SocialCompletion,
} from '../api/complete-social-sign-up';
import { numberToken, sendNumberCode } from '../api/prove-number';
import { completionBody, isCompletionReady } from '../utils/completion';
import { NumberCodeStep } from './number-code-step';
import '../profile.css';

type Held = NonNullable<ReturnType<typeof heldSession>>;

export function RegisterCountryPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const [held] = useState(() => heldSession());
  return (
    <Page title={title}>
      {held ? (
        <CompletionForm held={held} />
      ) : (
        <div className="card account-wait">
          <p>{t('registerCountry.noSession')}</p>
          <Link to="/login" className="button button-primary">
            {t('registerCountry.toLogin')}
          </Link>
        </div>
      )}
    </Page>
  );
}

// SPEC 9: +93 is the default dial code.
const DEFAULT_DIAL_COUNTRY = 'AF';

function CompletionForm({ held }: { held: Held }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { email: useId(), dial: useId(), number: useId(), country: useId() };
  const needsEmail = !held.user.email;
  const [email, setEmail] = useState('');
  const [dialCountry, setDialCountry] = useState(DEFAULT_DIAL_COUNTRY);
  const [dialChosen, setDialChosen] = useState(false);
  const [number, setNumber] = useState('');
  const [country, setCountry] = useState(held.user.country ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  /** The body waiting for its number's SMS code (the code step shows while set). */
  const [pending, setPending] = useState<SocialCompletion | null>(null);
  const [resent, setResent] = useState(false);
  const names = useCountryList();
  const dials = useDialCodes();

  const showError = (error: unknown) => {
    // SPEC 8: 'User already exists.' when the e-mail or number belongs to another account.
    if (error instanceof ApiError && error.code === 'USER_EXISTS') setProblem(t('errors.socialExists'));
    else if (error instanceof ApiError && error.fields?.mobile_no) setProblem(t('registerCountry.invalidNumber'));
    else if (error instanceof ApiError && error.fields?.email) setProblem(t('registerCountry.invalidEmail'));
    else setProblem(errorText(t, error));
  };

  const sendCode = useMutation({
    mutationFn: (body: SocialCompletion) => sendNumberCode(body.mobile_no).then(() => body),
    onSuccess: (body) => {
      setProblem(null);
      setResent(pending !== null);
      setPending(body);
    },
    onError: showError,
  });

  const complete = useMutation({
    mutationFn: async ({ body, code }: { body: SocialCompletion; code: string }) =>
      completeSocialSignUp(held, { ...body, verification_token: await numberToken(body.mobile_no, code) }),
    onSuccess: (user) => {
      storeSession({ user, auth_key: held.auth_key, expiry: held.expiry });
      releaseSession();
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
      navigate('/dashboard', { replace: true });
    },
    onError: showError,
  });

  if (pending) {
    return (
      <NumberCodeStep
        number={pending.mobile_no}
        busy={complete.isPending || sendCode.isPending}
        problem={problem}
        resent={resent}
        onSubmit={(code) => {
          setProblem(null);
          complete.mutate({ body: pending, code });
        }}
        onResend={() => sendCode.mutate(pending)}
        onBack={() => {
          setProblem(null);
          setPending(null);
        }}
      />
    );
  }

  if (!names.data || !dials.data) {
    return names.isError || dials.isError ? (
      <p role="alert" className="card account-error">
        {t('registerCountry.loadFailed')}
      </p>
    ) : (
      <Spinner />
    );
  }
  const dialCodes = dials.data;
  const dialCode = dialCodes[dialCountry] ?? DEFAULT_DIAL_CODE.slice(1);
  const dialChoices = names.data.sorted.filter((c) => dialCodes[c.code] !== undefined);

  return (
    <form
      className="card account-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const form = { needsEmail, email, dialCode, number, country };
        if (!isCompletionReady(form)) {
          setProblem(t('errors.socialIncomplete'));
          return;
        }
        setProblem(null);
        sendCode.mutate(completionBody(form));
      }}
    >
      <p className="muted">{t('registerCountry.lead', { name: held.user.firstName })}</p>
      {needsEmail ? (
        <div className="account-field">
          <label htmlFor={ids.email}>{t('registerCountry.email')}</label>
          <input
            id={ids.email}
            className="account-input"
            type="email"
            autoComplete="email"
            dir="ltr"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
      ) : null}
      <fieldset className="account-fieldset">
        <legend>{t('registerCountry.phone')}</legend>
        <div className="account-phone">
          <div className="account-field">
            <label htmlFor={ids.dial}>{t('registerCountry.dialCode')}</label>
            <select
              id={ids.dial}
              className="account-input"
              value={dialCountry}
              onChange={(event) => {
                setDialCountry(event.target.value);
                setDialChosen(true);
              }}
            >
              {dialChoices.map((c) => (
                <option key={c.code} value={c.code}>
                  {t('registerCountry.dialOption', { country: c.name, code: dialCodes[c.code] })}
                </option>
              ))}
            </select>
          </div>
          <div className="account-field">
            <label htmlFor={ids.number}>{t('registerCountry.number')}</label>
            <input
              id={ids.number}
              className="account-input"
              type="text"
              inputMode="tel"
              autoComplete="tel-national"
              dir="ltr"
              value={number}
              onChange={(event) => setNumber(event.target.value)}
            />
          </div>
        </div>
      </fieldset>
      <div className="account-field">
        <label htmlFor={ids.country}>{t('registerCountry.country')}</label>
        <CountrySelect
          id={ids.country}
          className="account-input"
          value={country}
          countries={names.data}
          placeholder={t('registerCountry.chooseCountry')}
          onChange={(code) => {
            setCountry(code);
            // The dial code follows the country until the user picks one.
            if (!dialChosen && dialCodes[code]) setDialCountry(code);
          }}
        />
      </div>
      {problem ? (
        <p role="alert" className="account-error">
          {problem}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={sendCode.isPending}>
          {sendCode.isPending ? t('registerCountry.sending') : t('registerCountry.submit')}
        </button>
      </div>
    </form>
  );
}
