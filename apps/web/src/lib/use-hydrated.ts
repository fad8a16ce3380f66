// /login and /register arrive prerendered and can be typed in before the app
// hydrates them. A click on their button then would send the bare form (a reload to `?` that
// loses what was typed), and what was typed would stay in the page but not in React's state.
import { useEffect, useSyncExternalStore, type RefObject } from 'react';

const never = () => () => undefined;

/** False in the prerendered HTML and while React hydrates it; true from then on. */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

/**
 * Once mounted, hands over each named input of the form the user changed before hydration: its
 * live value differs from its default, which React sets from the state as it hydrates.
 */
export function useTypedBeforeHydration(
  formRef: RefObject<HTMLFormElement | null>,
  adopt: (name: string, value: string | boolean) => void,
): void {
  useEffect(() => {
    for (const control of formRef.current?.elements ?? []) {
      if (!(control instanceof HTMLInputElement) || !control.name) continue;
      if (control.type === 'checkbox') {
        if (control.checked !== control.defaultChecked) adopt(control.name, control.checked);
      } else if (control.value !== control.defaultValue) adopt(control.name, control.value);
    }
    // Once, right after hydration; `adopt` of that render is the one to call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
