// One address block of the publish form (SPEC 5): street, city, region, country, postal code and
// the date. Pickup dates start today; a delivery date starts the day after the pickup.
import { useTranslation } from 'react-i18next';
import { ADDRESS_MAX, POSTAL_MAX } from '@app/shared';
import { CountrySelect } from '../../../components/country-select';
import type { CountryList } from '../../../lib/countries';
import type { AddressFields, Problems } from '../utils/post-form';
import { FormField } from './form-field';

interface AddressBlockProps {
  kind: 'pickup' | 'delivery';
  legend: string;
  dateLabel: string;
  dateHint?: string;
  /** City, country and date are required (the schema's rule for this block). */
  required: boolean;
  value: AddressFields;
  onChange: (name: keyof AddressFields, value: string) => void;
  minDate: string;
  countries: CountryList | undefined;
  problems: Problems;
}

export function AddressBlock({
  kind,
  legend,
  dateLabel,
  dateHint,
  required,
  value,
  onChange,
  minDate,
  countries,
  problems,
}: AddressBlockProps) {
  const { t } = useTranslation();
  const field = (name: string) => `${kind}_${name}`;
  const text = (name: 'street' | 'city' | 'region' | 'postal', schemaName: string, autoComplete: string) => (
    <FormField
      name={field(schemaName)}
      label={t(`postForm.${name}`)}
      problem={problems[field(schemaName)]}
      optional={name !== 'city' || !required}
      className={name === 'street' ? 'post-field-wide' : undefined}
    >
      {(control) => (
        <input
          {...control}
          type="text"
          value={value[name]}
          maxLength={name === 'postal' ? POSTAL_MAX : ADDRESS_MAX}
          autoComplete={`section-${kind} ${autoComplete}`}
          onChange={(event) => onChange(name, event.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <fieldset className="post-section" data-block={kind}>
      <legend>{legend}</legend>
      <div className="form-grid">
        {text('street', 'street_address', 'address-line1')}
        {text('city', 'city', 'address-level2')}
        {text('region', 'region', 'address-level1')}
        <FormField
          name={field('country')}
          label={t('postForm.country')}
          problem={problems[field('country')]}
          optional={!required}
        >
          {(control) => (
            <CountrySelect
              {...control}
              value={value.country}
              autoComplete={`section-${kind} country`}
              onChange={(code) => onChange('country', code)}
              placeholder={t('postForm.chooseCountry')}
              countries={countries}
            />
          )}
        </FormField>
        {text('postal', 'postal_address', 'postal-code')}
        <FormField
          name={field('date')}
          label={dateLabel}
          hint={dateHint}
          problem={problems[field('date')]}
          optional={!required}
        >
          {(control) => (
            <input
              {...control}
              type="date"
              value={value.date}
              min={minDate}
              onChange={(event) => onChange('date', event.target.value)}
            />
          )}
        </FormField>
      </div>
    </fieldset>
  );
}
