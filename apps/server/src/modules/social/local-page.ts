// The local social sign-in page (D-1: the local adapter of social sign-in). Server-rendered and
// script-free, since the CSP allows no inline script; labels carry both languages because the page
// lives outside the web app and its language setting. Every echoed value is escaped.
import { LOCAL_PAGE_PATH } from './service.js';

export interface LocalPageInput {
  state: string;
  firstName?: string;
  email?: string;
  /** Field name → why it was refused. */
  errors?: Record<string, string>;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const FIELD_ERRORS: Record<string, { en: string; fr: string }> = {
  first_name: { en: 'Enter a first name (at most 60 characters).', fr: 'Saisissez un prénom (60 caractères au plus).' },
  email: {
    en: 'Enter a valid e-mail address, or leave it empty.',
    fr: 'Saisissez un courriel valide, ou laissez vide.',
  },
};

function field(
  name: string,
  label: { en: string; fr: string },
  attrs: string,
  value: string | undefined,
  error: string | undefined,
): string {
  const message = error ? FIELD_ERRORS[name] : undefined;
  const describedBy = message ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
  return `<div class="field">
      <label for="${name}">${label.en} <span lang="fr">/ ${label.fr}</span></label>
      <input id="${name}" name="${name}" ${attrs} value="${escapeHtml(value ?? '')}"${describedBy}>
      ${message ? `<p class="error" id="${name}-error">${message.en} <span lang="fr">${message.fr}</span></p>` : ''}
    </div>`;
}

export function renderLocalPage(input: LocalPageInput): string {
  const errors = input.errors ?? {};
  const hasErrors = Object.keys(errors).length > 0;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Local sign-in / Connexion locale</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 0; padding: 1.5rem; background: #f5f7f6; color: #1b1f1d; }
    main { max-width: 28rem; margin: 0 auto; background: #fff; padding: 1.5rem; border-radius: 0.5rem; }
    h1 { font-size: 1.4rem; margin-top: 0; }
    .field { margin-bottom: 1rem; }
    label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
    input { box-sizing: border-box; width: 100%; font-size: 1rem; padding: 0.6rem; border: 1px solid #5c6661; border-radius: 0.25rem; }
    input:focus, button:focus { outline: 3px solid #1a5fb4; outline-offset: 2px; }
    .error { color: #a51d2d; margin: 0.25rem 0 0; }
    button { font-size: 1rem; padding: 0.7rem 1.2rem; border: 0; border-radius: 0.25rem; background: #1d6b3a; color: #fff; cursor: pointer; }
  </style>
</head>
<body>
  <main>
    <h1>Local sign-in <span lang="fr">/ Connexion locale</span></h1>
    <p>A test sign-in for this machine: no Google or Facebook account is used.
      <span lang="fr">Une connexion de test pour cette machine : aucun compte Google ou Facebook n’est utilisé.</span></p>
    ${hasErrors ? '<p class="error" role="alert">Please correct the fields below. <span lang="fr">Veuillez corriger les champs ci-dessous.</span></p>' : ''}
    <form method="post" action="${LOCAL_PAGE_PATH}">
      <input type="hidden" name="state" value="${escapeHtml(input.state)}">
      ${field('first_name', { en: 'First name', fr: 'Prénom' }, 'autocomplete="given-name" required maxlength="60"', input.firstName, errors.first_name)}
      ${field('email', { en: 'E-mail (optional)', fr: 'Courriel (facultatif)' }, 'type="email" autocomplete="email" maxlength="254"', input.email, errors.email)}
      <button type="submit">Sign in <span lang="fr">/ Se connecter</span></button>
    </form>
  </main>
</body>
</html>
`;
}
