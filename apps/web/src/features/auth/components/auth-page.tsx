import type { ReactNode } from 'react';
import '../auth.css';

/** The frame of a sign-in or sign-up screen: a heading over a narrow card, centred. */
export function AuthPage({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <article className={wide ? 'page auth-page auth-page-wide' : 'page auth-page'}>
      <h1 className="page-title">{title}</h1>
      {children}
    </article>
  );
}

/** A message over the form: an error (red, announced at once) or a confirmation. */
export function Notice({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <p className={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
