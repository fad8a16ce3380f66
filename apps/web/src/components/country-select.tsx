// The one country picker: a native select, so keyboard type-ahead and the phone's own
// picker come for free. The label, the id and the field's described-by come from the caller.
import { useMemo, type SelectHTMLAttributes } from 'react';
import { useCountryList, type CountryList } from '../lib/countries';

interface CountrySelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> {
  value: string;
  onChange: (code: string) => void;
  /** The first, empty choice ("Choose your country"). */
  placeholder: string;
  /** A list the caller already holds; otherwise the interface language's list is loaded. */
  countries?: CountryList | undefined;
}

export function CountrySelect({
  value,
  onChange,
  placeholder,
  countries,
  autoComplete = 'country',
  ...select
}: CountrySelectProps) {
  const loaded = useCountryList();
  const list = countries ?? loaded.data;
  // 250 options are kept between renders: typing elsewhere in the form does not rebuild them
  // (slow phones).
  const options = useMemo(
    () =>
      (list?.sorted ?? []).map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      )),
    [list],
  );
  return (
    <select {...select} value={value} autoComplete={autoComplete} onChange={(event) => onChange(event.target.value)}>
      <option value="">{placeholder}</option>
      {/* Until the names arrive, the chosen country keeps its code so the value stays. */}
      {list ? options : value ? <option value={value}>{value}</option> : null}
    </select>
  );
}
