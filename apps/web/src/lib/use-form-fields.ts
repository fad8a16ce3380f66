// The state of a hand-written form (publish, register): the typed fields, what the last check
// refused by control name, and the focus on the first refused control. The checks stay in each
// form's utils, synchronous over the shared zod schemas, so a refused submit shows its reasons
// within the click (react-hook-form's handleSubmit validates asynchronously).
import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';

/** Control name → what is wrong with it. */
export type FormProblems<P> = Record<string, P>;

export interface FormFields<F, P> {
  fields: F;
  setFields: Dispatch<SetStateAction<F>>;
  /** Sets one field; `cures` names the controls whose problem the new value may have solved. */
  set: <K extends keyof F>(name: K, value: F[K], ...cures: string[]) => void;
  problems: FormProblems<P>;
  forget: (...names: string[]) => void;
  /** A refused submit: these problems replace the last ones. */
  refuse: (problems: FormProblems<P>) => void;
  /** A check passed: no problem shows. */
  accept: () => void;
  /** The form element: `focusRefused` looks in it for the first refused control. */
  formRef: RefObject<HTMLFormElement | null>;
}

export function useFormFields<F extends object, P>(
  initial: () => F,
  { focusRefused = false }: { focusRefused?: boolean } = {},
): FormFields<F, P> {
  const [fields, setFields] = useState(initial);
  const [problems, setProblems] = useState<FormProblems<P>>({});
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused submit, the first refused control takes the focus (keyboard and screen readers).
  useEffect(() => {
    if (focusRefused && refusals > 0)
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid]')?.focus();
  }, [focusRefused, refusals]);

  const forget = (...names: string[]) =>
    setProblems((p) => {
      if (!names.some((n) => n in p)) return p;
      const next = { ...p };
      for (const n of names) delete next[n];
      return next;
    });

  return {
    fields,
    setFields,
    set: (name, value, ...cures) => {
      setFields((f) => ({ ...f, [name]: value }));
      if (cures.length > 0) forget(...cures);
    },
    problems,
    forget,
    refuse: (found) => {
      setProblems(found);
      setRefusals((n) => n + 1);
    },
    accept: () => setProblems({}),
    formRef,
  };
}
