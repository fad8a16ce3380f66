// SPEC 2.3 item 20 and SPEC 5: the form, then an SMS code, then the account. The code is sent only
// once the form passes SPEC 5's checks and the location is known; the account is created only with
// the token that proves the number (API.md).
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { MAX_IMAGES } from '@app/shared';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/api-errors';
import { useRegister } from '../api/register';
import { useSendCode } from '../api/send-code';
import { useValidateCode } from '../api/validate-code';
import { usePosition } from '../../../lib/geolocation';
import { DEFAULT_DIAL_COUNTRY, isDialCountry } from '../utils/phone';
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
import { Checkbox, PasswordField, TextField } from './fields';
import { LocationModal } from '../../../components/location-modal';
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

type FormError = { text: string; fields: FieldName[] };
/** What the code was sent for: the checked number and e-mail. */
type Pending = { mobile_no: string; email: string };

function RegisterForm({ type }: { type: Exclude<AccountType, 'withGorFB'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const geo = usePosition();
  const [fields, setFields] = useState<RegisterFields>(EMPTY);
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [formError, setFormError] = useState<FormError | null>(null);
  const [locationOpen, setLocationOpen] = useState(false);
  const [locationDismissed, setLocationDismissed] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [resent, setResent] = useState(false);
  const sendCode = useSendCode();
  const validateCode = useValidateCode();
  const register = useRegister();
  const withID = type === 'withID';

  const set =
    <K extends keyof RegisterFields>(name: K) =>
    (value: RegisterFields[K]) =>
      setFields((f) => ({ ...f, [name]: value }));
  const invalid = (name: FieldName) => formError?.fields.includes(name) ?? false;

  // The location modal opens by itself when the browser refuses, and again on each submit.
  const locationModal = locationOpen || (geo.status === 'off' && !locationDismissed);

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // SPEC 5: more than 4 is refused and the selection cleared; image files only (D-7).
    const problem =
      chosen.length > MAX_IMAGES
        ? t('errors.tooManyImages')
        : chosen.some((f) => !f.type.startsWith('image/'))
          ? t('apiErrors.UNSUPPORTED_MEDIA')
          : null;
    setFilesError(problem);
    if (problem) {
      event.target.value = '';
      setFiles([]);
    } else {
      setFiles(chosen);
    }
  };

  const submit = () => {
    sendCode.reset();
    register.reset();
    const result = checkRegisterForm(fields, type);
    if (!result.ok) {
      setFormError({ text: t(PROBLEM_TEXT[result.problem]), fields: result.fields });
      return;
    }
    if (geo.status !== 'ready') {
      setFormError(geo.status === 'pending' ? { text: t('location.wait'), fields: [] } : null);
      setLocationOpen(geo.status === 'off');
      return;
    }
    setFormError(null);
    const target = { mobile_no: result.mobile_no, email: result.email };
    sendCode.mutate(target, {
      onSuccess: () => {
        validateCode.reset();
        setResent(false);
        setPending(target);
      },
    });
  };

  const verify = (code: string) => {
    if (!pending || geo.status !== 'ready') return;
    setResent(false);
    validateCode.mutate(
      { mobile_no: pending.mobile_no, code, forget_password: false },
      {
        onSuccess: ({ verification_token }) =>
          register.mutate(
            {
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
            },
            {
              onSuccess: () => void navigate('/login', { replace: true, state: { notice: 'registered' } }),
              // 409 or 401: back to the form, where the reason shows.
              onSettled: () => setPending(null),
            },
          ),
      },
    );
  };

  const resend = () => {
    if (!pending) return;
    validateCode.reset();
    sendCode.mutate(pending, { onSuccess: () => setResent(true) });
  };

  const busy = sendCode.isPending || validateCode.isPending || register.isPending;
  const serverError = register.isError ? register.error : sendCode.isError && !pending ? sendCode.error : null;

  return (
    <>
      <form
        className="card form auth-form register-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="form-grid">
          <TextField
            label={t('register.firstName')}
            value={fields.firstName}
            onChange={set('firstName')}
            autoComplete="given-name"
            invalid={invalid('firstName')}
          />
          {withID ? (
            <TextField
              label={t('register.lastName')}
              value={fields.lastName}
              onChange={set('lastName')}
              autoComplete="family-name"
              invalid={invalid('lastName')}
            />
          ) : null}
          <TextField
            label={t('register.email')}
            type="email"
            value={fields.email}
            onChange={set('email')}
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            invalid={invalid('email')}
          />
          <CountrySelect
            value={fields.country}
            onChange={(country) =>
              setFields((f) => ({ ...f, country, dialCountry: isDialCountry(country) ? country : f.dialCountry }))
            }
            invalid={invalid('country')}
          />
        </div>
        <PhoneField
          dialCountry={fields.dialCountry}
          onDialCountry={set('dialCountry')}
          value={fields.mobile}
          onChange={set('mobile')}
          invalid={invalid('mobile')}
          hint={t('register.mobileHint')}
        />
        {withID ? (
          <>
            <TextField
              label={t('register.address')}
              value={fields.address}
              onChange={set('address')}
              autoComplete="street-address"
            />
            <IdImages files={files} error={filesError} onChange={onFiles} />
          </>
        ) : null}
        <div className="form-grid">
          <PasswordField
            label={t('register.password')}
            hint={t('register.passwordHint')}
            value={fields.password}
            onChange={set('password')}
            autoComplete="new-password"
            invalid={invalid('password')}
          />
          <PasswordField
            label={t('register.confirmPassword')}
            value={fields.confirm}
            onChange={set('confirm')}
            autoComplete="new-password"
            invalid={invalid('confirm')}
          />
        </div>
        <Rules fields={fields} set={set} invalid={invalid} />
        {formError ? <Notice kind="error">{formError.text}</Notice> : null}
        {serverError ? <Notice kind="error">{errorText(t, serverError)}</Notice> : null}
        {geo.status === 'pending' ? <p className="muted">{t('location.finding')}</p> : null}
        <button type="submit" className="button button-primary button-block" disabled={busy} aria-busy={busy}>
          {sendCode.isPending && !pending ? t('register.sending') : t('register.submit')}
        </button>
      </form>
      <p className="auth-footer">
        {t('accountCreation.haveAccount')} <Link to="/login">{t('accountCreation.login')}</Link>
      </p>
      <Modal open={pending !== null} title={t('register.codeTitle')} onClose={() => setPending(null)}>
        {pending ? (
          <CodeForm
            number={pending.mobile_no}
            busy={busy}
            error={
              validateCode.isError ? t('errors.codeFailed') : sendCode.isError ? errorText(t, sendCode.error) : null
            }
            detail={validateCode.isError ? errorText(t, validateCode.error) : null}
            resent={resent}
            submitLabel={t('register.verify')}
            onSubmit={verify}
            onResend={resend}
            onCancel={() => setPending(null)}
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

function IdImages({
  files,
  error,
  onChange,
}: {
  files: File[];
  error: string | null;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor="id-images">{t('register.idImages')}</label>
      <input
        id="id-images"
        type="file"
        accept="image/*"
        multiple
        onChange={onChange}
        aria-describedby="id-images-hint"
        aria-invalid={error ? true : undefined}
      />
      <p id="id-images-hint" className="field-hint">
        {t('register.idImagesHint')}
      </p>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {files.length > 0 ? (
        <ul className="file-list" aria-label={t('register.chosenFiles', { count: files.length })}>
          {files.map((f) => (
            <li key={`${f.name}-${f.size}-${f.lastModified}`}>{f.name}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Rules({
  fields,
  set,
  invalid,
}: {
  fields: RegisterFields;
  set: <K extends keyof RegisterFields>(name: K) => (value: RegisterFields[K]) => void;
  invalid: (name: FieldName) => boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="rules">
      <legend>{t('register.rulesLegend')}</legend>
      <details className="rules-text">
        <summary>{t('register.membershipRulesTitle')}</summary>
        <ul>
          <li>{t('register.membershipRule1')}</li>
          <li>{t('register.membershipRule2')}</li>
          <li>{t('register.membershipRule3')}</li>
          <li>{t('register.membershipRule4')}</li>
        </ul>
      </details>
      <Checkbox
        label={t('register.acceptMembership')}
        checked={fields.rulesMembership}
        onChange={set('rulesMembership')}
        invalid={invalid('rulesMembership')}
      />
      <Checkbox
        label={t('register.acceptPrivacy')}
        checked={fields.rulesPrivacy}
        onChange={set('rulesPrivacy')}
        invalid={invalid('rulesPrivacy')}
      />
      <p className="rules-link">
        {/* A new tab, so the filled form is not lost. */}
        <Link to="/privacypolicy" target="_blank" rel="noopener">
          {t('register.readPrivacy')}
        </Link>
      </p>
    </fieldset>
  );
}
