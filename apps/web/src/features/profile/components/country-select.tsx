import type { CountryName } from '../hooks/use-countries';

interface CountrySelectProps {
  id: string;
  value: string;
  onChange: (code: string) => void;
  countries: CountryName[];
  /** The first, empty choice ("Choose your country"). */
  placeholder: string;
  describedBy?: string;
}

/** A native select: keyboard type-ahead and the phone's own picker come for free. */
export function CountrySelect({ id, value, onChange, countries, placeholder, describedBy }: CountrySelectProps) {
  return (
    <select
      id={id}
      className="account-input"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-describedby={describedBy}
      autoComplete="country"
    >
      <option value="">{placeholder}</option>
      {countries.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </select>
  );
}
