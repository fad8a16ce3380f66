// The country selector and the dial code + number pair. Names come in the interface language once
// their list has loaded; until then the dial codes show with the country's ISO code.
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag } from '@app/shared';
import { getLanguage } from '../../../lib/settings';
import { useCountryNames } from '../hooks/use-country-names';
import { sortedCountries } from '../utils/countries';
import { dialCode, dialCountries, isDialCountry, type DialCountry } from '../utils/phone';

export function CountrySelect({
  value,
  onChange,
  invalid,
}: {
  value: string;
  onChange: (code: string) => void;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const language = getLanguage();
  const names = useCountryNames(language);
  // The option elements are kept between renders: typing elsewhere in the form does not redo
  // 250 options (slow phones).
  const options = useMemo(
    () =>
      (names ? sortedCountries(names, language) : []).map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      )),
    [names, language],
  );
  return (
    <div className="field">
      <label htmlFor={id}>{t('register.country')}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        autoComplete="country"
      >
        <option value="">{t('register.chooseCountry')}</option>
        {options}
      </select>
    </div>
  );
}

export function PhoneField({
  dialCountry,
  onDialCountry,
  value,
  onChange,
  invalid,
  hint,
}: {
  dialCountry: DialCountry;
  onDialCountry: (country: DialCountry) => void;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  hint?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const language = getLanguage();
  const names = useCountryNames(language);
  const options = useMemo(() => {
    const collator = new Intl.Collator(localeTag(language));
    return dialCountries()
      .map((code) => ({ code, label: `${names?.[code] ?? code} (${dialCode(code)})` }))
      .sort((a, b) => collator.compare(a.label, b.label))
      .map((o) => (
        <option key={o.code} value={o.code}>
          {o.label}
        </option>
      ));
  }, [names, language]);
  return (
    <div className="phone-row">
      <div className="field phone-dial">
        <label htmlFor={`${id}-dial`}>{t('register.dialCode')}</label>
        <select
          id={`${id}-dial`}
          value={dialCountry}
          onChange={(event) => {
            if (isDialCountry(event.target.value)) onDialCountry(event.target.value);
          }}
        >
          {options}
        </select>
      </div>
      <div className="field phone-number">
        <label htmlFor={`${id}-number`}>{t('register.mobile')}</label>
        <input
          id={`${id}-number`}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        {hint ? (
          <p id={`${id}-hint`} className="field-hint">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
