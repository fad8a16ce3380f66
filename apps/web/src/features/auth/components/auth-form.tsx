// The shell of a one-step auth form (forgot password, reset password): the card, the check
// before sending, the problem found by that check, the server's error and the submit button
// that waits for the mutation. Each screen keeps only its fields and what it sends.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-errors';
import { AuthPage, Notice } from './auth-page';

/** What the shell needs of a TanStack mutation. */
export interface AuthMutation {
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface AuthFormProps {
  title: string;
  mutation: AuthMutation;
  /** The problem the last check found (shown over the button), or null. */
  problem: string | null;
  /** Checks the fields and sends; the previous server error is already cleared. */
  onSubmit: () => void;
  submitLabel: string;
  /** The button's text while the mutation runs (default: submitLabel). */
  pendingLabel?: string;
  /** Shown after the server's error text, e.g. a way to start again. */
  errorAction?: ReactNode;
  /** Under the button, e.g. links to other screens. */
  footer?: ReactNode;
  children: ReactNode;
}

export function AuthForm({
  title,
  mutation,
  problem,
  onSubmit,
  submitLabel,
  pendingLabel,
  errorAction,
  footer,
  children,
}: AuthFormProps) {
  const { t } = useTranslation();
  return (
    <AuthPage title={title}>
      <form
        className="card form auth-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          mutation.reset();
          onSubmit();
        }}
      >
        {children}
        {problem ? <Notice kind="error">{problem}</Notice> : null}
        {mutation.isError ? (
          <Notice kind="error">
            {errorText(t, mutation.error)}
            {errorAction ? <> {errorAction}</> : null}
          </Notice>
        ) : null}
        <button type="submit" className="button button-primary button-block" disabled={mutation.isPending}>
          {mutation.isPending ? (pendingLabel ?? submitLabel) : submitLabel}
        </button>
        {footer}
      </form>
    </AuthPage>
  );
}
