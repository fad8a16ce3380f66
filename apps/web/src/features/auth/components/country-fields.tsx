// The country selector and the dial code + number pair. Names come in the interface language once
// their list has loaded; until then the dial codes show with the country's ISO code.
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag } from '@app/shared';
import { CountrySelect as CountryPicker } from '../../../components/country-select';
import { useCountryList } from '../../../lib/countries';
import { getLanguage } from '../../../lib/settings';
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
  return (
    <div className="field">
      <label htmlFor={id}>{t('register.country')}</label>
      <CountryPicker
        id={id}
        value={value}
        onChange={onChange}
        aria-invalid={invalid || undefined}
        placeholder={t('register.chooseCountry')}
      />
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
  name,
}: {
  dialCountry: DialCountry;
  onDialCountry: (country: DialCountry) => void;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  hint?: string;
  /** The number input's name. */
  name?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const language = getLanguage();
  const names = useCountryList(language).data;
  const options = useMemo(() => {
    const collator = new Intl.Collator(localeTag(language));
    return dialCountries()
      .map((code) => ({ code, label: `${names?.nameOf(code) ?? code} (${dialCode(code)})` }))
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
        {/* The number without the country code (chosen beside it): autocomplete tel-national,
            which HTML allows on a text field only; inputMode still opens the phone keypad. */}
        <input
          id={`${id}-number`}
          type="text"
          name={name}
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
