// A labelled control of the publish form, with its hint and its problem wired to it
// (aria-invalid, aria-describedby), so a screen reader reads why a field is refused.
import { useId, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Problem } from '../utils/post-form';

export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

export const problemText = (t: TFunction, problem: Problem): string =>
  'key' in problem ? t(problem.key, problem.values) : problem.text;

interface FieldProps {
  name: string;
  label: string;
  problem?: Problem;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactElement;
}

export function FormField({ name, label, problem, hint, optional = false, className, children }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const described = [hint ? `${id}-hint` : null, problem ? `${id}-problem` : null].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="field-optional"> {t('postForm.optional')}</span> : null}
      </label>
      {children({
        id,
        name,
        'aria-invalid': problem ? true : undefined,
        'aria-describedby': described || undefined,
        'aria-required': optional ? undefined : true,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className="field-problem">
          {problemText(t, problem)}
        </p>
      ) : null}
    </div>
  );
}
