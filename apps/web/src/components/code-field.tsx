// The 6-digit code sent by SMS (registration, a social sign-up's number) or by e-mail (the
// e-mail proof): one field and one rule for the three forms that ask for it.
import { useId, useState, type FormEvent } from 'react';

const COMPLETE = /^\d{6}$/;

/**
 * The code typed so far (digits only, at most 6, so a pasted "123 456" works) and a submit
 * handler that passes on a complete code, or flags an incomplete one.
 */
export function useCodeEntry(onComplete: (code: string) => void) {
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  return {
    code,
    incomplete,
    setCode: (typed: string) => setCode(typed.replace(/\D/g, '').slice(0, 6)),
    onSubmit(event: FormEvent) {
      event.preventDefault();
      const complete = COMPLETE.test(code);
      setIncomplete(!complete);
      if (complete) onComplete(code);
    },
  };
}

interface CodeFieldProps {
  label: string;
  code: string;
  setCode: (typed: string) => void;
  invalid: boolean;
  /** The form's own field and input styles. */
  fieldClass: string;
  inputClass: string;
}

// No maxLength: the browser would cut a pasted "123 456" to "123 45" before the digits are kept.
export function CodeField({ label, code, setCode, invalid, fieldClass, inputClass }: CodeFieldProps) {
  const id = useId();
  return (
    <div className={fieldClass}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={inputClass}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        aria-invalid={invalid || undefined}
      />
    </div>
  );
}
