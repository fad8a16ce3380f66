// SPEC 2.3 item 20 and SPEC 5: the form, then an SMS code, then the account. The code is sent only
// once the form passes SPEC 5's checks and the location is known; the account is created only with
// the token that proves the number (API.md).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Modal } from '../../../components/modal';
import { positionOf, usePosition } from '../../../lib/geolocation';
import { positionCountry } from '../../../lib/local-defaults';
import { usePositionCountry } from '../../../lib/position-country';
import { useFormFields } from '../../../lib/use-form-fields';
import { useHydrated, useTypedBeforeHydration } from '../../../lib/use-hydrated';
import { useSignUp } from '../hooks/use-sign-up';
import { DEFAULT_DIAL_COUNTRY, isDialCountry, localDialCountry } from '../utils/phone';
import {
  PROBLEM_TEXT,
  accountTypeOf,
  checkRegisterForm,
  type AccountType,
  type FieldName,
  type RegisterFields,
} from '../utils/register-form';
import { AuthPage, Notice } from './auth-page';
import { CodeForm } from './code-form';
import { CountrySelect, PhoneField } from './country-fields';
import { PasswordField, TextField } from './fields';
import { IdImages } from './id-images';
import { LocationModal } from '../../../components/location-modal';
import { RegisterRules } from './register-rules';
import { SocialButtons } from './social-buttons';

export function RegisterPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const type = accountTypeOf(location.state, params);
  return (
    <AuthPage title={title} wide={type !== 'withGorFB'}>
      <p className="register-type">
        <span>{t('register.typeIs', { type: t(`accountCreation.${type}`) })}</span>{' '}
        <Link to="/accountcreation">{t('register.changeType')}</Link>
      </p>
      {type === 'withGorFB' ? <SocialSignUp /> : <RegisterForm key={type} type={type} />}
    </AuthPage>
  );
}

/** An account via Google or Facebook: the provider signs the user in, /registerCountry completes it. */
function SocialSignUp() {
  const { t } = useTranslation();
  return (
    <div className="card">
      <p>{t('register.socialText')}</p>
      <SocialButtons heading={t('register.socialHeading')} />
    </div>
  );
}

const EMPTY: RegisterFields = {
  firstName: '',
  lastName: '',
  email: '',
  country: '',
  dialCountry: DEFAULT_DIAL_COUNTRY,
  mobile: '',
  address: '',
  password: '',
  confirm: '',
  rulesMembership: false,
  rulesPrivacy: false,
};

/** The problems' key for the text over the button; the other keys are the refused fields. */
const NOTICE = 'notice';

function RegisterForm({ type }: { type: Exclude<AccountType, 'withGorFB'> }) {
  const { t } = useTranslation();
  const geo = usePosition();
  // D-24: the country and dial code of the place the device is in, until the user chooses either.
  // Both come from the same source, so "Senegal (+221)" never sits beside "Choose your country".
  const { fields, setFields, set, problems, refuse, accept, formRef } = useFormFields<RegisterFields, string>(() => {
    const here = positionCountry();
    return { ...EMPTY, country: here && isDialCountry(here) ? here : '', dialCountry: localDialCountry(here) };
  });
  const [dialChosen, setDialChosen] = useState(false);
  const [countryChosen, setCountryChosen] = useState(false);
  const here = usePositionCountry(positionOf(geo));
  // When the device's country arrives, it sets the dial code (during render, React's way to follow
  // a changed value without an effect's second render).
  const [seenHere, setSeenHere] = useState(here);
  if (here !== seenHere) {
    setSeenHere(here);
    if (here && !countryChosen)
      setFields((f) => ({
        ...f,
        country: isDialCountry(here) ? here : f.country,
        dialCountry: dialChosen ? f.dialCountry : localDialCountry(here),
      }));
  }
  const [files, setFiles] = useState<File[]>([]);
  const [locationOpen, setLocationOpen] = useState(false);
  const [locationDismissed, setLocationDismissed] = useState(false);
  const signUp = useSignUp();
  const withID = type === 'withID';
  const hydrated = useHydrated();
  useTypedBeforeHydration(formRef, (name, value) => setFields((f) => ({ ...f, [name]: value })));

  /** A text field's name, value, setter and refusal. */
  const bind = (name: Exclude<FieldName, 'dialCountry' | 'rulesMembership' | 'rulesPrivacy'>) => ({
    name,
    value: fields[name],
    onChange: (value: string) => set(name, value),
    invalid: name in problems,
  });
  // The location modal opens by itself when the browser refuses, and again on each submit.
  const locationModal = locationOpen || (geo.status === 'off' && !locationDismissed);

  const submit = () => {
    signUp.reset();
    const result = checkRegisterForm(fields, type);
    if (!result.ok) {
      const text = t(PROBLEM_TEXT[result.problem]);
      return refuse(Object.fromEntries([[NOTICE, text], ...result.fields.map((name) => [name, text])]));
    }
    if (geo.status !== 'ready') {
      if (geo.status === 'pending') refuse({ [NOTICE]: t('location.wait') });
      else accept();
      setLocationOpen(geo.status === 'off');
      return;
    }
    accept();
    signUp.send({ mobile_no: result.mobile_no, email: result.email });
  };

  const verify = (code: string) => {
    if (geo.status !== 'ready') return;
    signUp.verify(code, (pending, verification_token) => ({
      newUser: {
        firstName: fields.firstName,
        lastName: withID ? fields.lastName : undefined,
        email: pending.email,
        mobile_no: pending.mobile_no,
        country: fields.country,
        physical_address: withID && fields.address.trim() !== '' ? fields.address : undefined,
        password: fields.password,
        account_type: type,
        lat: geo.lat,
        lng: geo.lng,
        verification_token,
      },
      files: withID ? files : [],
    }));
  };

  return (
    <>
      {/* POST: a native submit (none before hydration: the button waits) never puts the password
          in the address. */}
      <form
        ref={formRef}
        method="post"
        className="card form auth-form register-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="form-grid">
          <TextField label={t('register.firstName')} autoComplete="given-name" {...bind('firstName')} />
          {withID ? (
            <TextField label={t('register.lastName')} autoComplete="family-name" {...bind('lastName')} />
          ) : null}
          <TextField
            label={t('register.email')}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            {...bind('email')}
          />
          <CountrySelect
            {...bind('country')}
            onChange={(country) => {
              setCountryChosen(true);
              setFields((f) => ({ ...f, country, dialCountry: isDialCountry(country) ? country : f.dialCountry }));
            }}
          />
        </div>
        <PhoneField
          dialCountry={fields.dialCountry}
          onDialCountry={(dialCountry) => {
            setDialChosen(true);
            set('dialCountry', dialCountry);
          }}
          {...bind('mobile')}
          hint={t('register.mobileHint')}
        />
        {withID ? (
          <>
            <TextField label={t('register.address')} autoComplete="address-line1" {...bind('address')} />
            <IdImages files={files} onChange={setFiles} />
          </>
        ) : null}
        <div className="form-grid">
          <PasswordField
            label={t('register.password')}
            hint={t('register.passwordHint')}
            autoComplete="new-password"
            {...bind('password')}
          />
          <PasswordField label={t('register.confirmPassword')} autoComplete="new-password" {...bind('confirm')} />
        </div>
        <RegisterRules checked={fields} onChange={set} invalid={(name) => name in problems} />
        {problems[NOTICE] ? <Notice kind="error">{problems[NOTICE]}</Notice> : null}
        {signUp.formError ? <Notice kind="error">{signUp.formError}</Notice> : null}
        {/* Not in the prerendered page (no position there): hydration finds the page as it was sent. */}
        {hydrated && geo.status === 'pending' ? <p className="muted">{t('location.finding')}</p> : null}
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={signUp.busy || !hydrated}
          aria-busy={signUp.busy}
        >
          {signUp.sending ? t('register.sending') : t('register.submit')}
        </button>
      </form>
      <p className="auth-footer">
        {t('accountCreation.haveAccount')} <Link to="/login">{t('accountCreation.login')}</Link>
      </p>
      <Modal open={signUp.pending !== null} title={t('register.codeTitle')} onClose={signUp.cancel}>
        {signUp.pending ? (
          <CodeForm
            number={signUp.pending.mobile_no}
            busy={signUp.busy}
            error={signUp.codeError}
            detail={signUp.codeDetail}
            resent={signUp.resent}
            submitLabel={t('register.verify')}
            onSubmit={verify}
            onResend={signUp.resend}
            onCancel={signUp.cancel}
          />
        ) : null}
      </Modal>
      <LocationModal
        open={locationModal}
        onClose={() => {
          setLocationOpen(false);
          setLocationDismissed(true);
        }}
      />
    </>
  );
}
