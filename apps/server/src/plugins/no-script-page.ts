// The sign-in and sign-up forms are prerendered and post to their own page (method="post", so a
// submit before the app runs never puts a password in the address). Without JavaScript that post
// reaches the server: it answers a small page, in the page's language, saying JavaScript is needed,
// with a link back. What was posted is never read.
import { localeTag, type Language } from '@app/shared';

interface Texts {
  title: string;
  body: string;
  back: Record<NoScriptForm, string>;
}

export type NoScriptForm = 'login' | 'register';

const TEXTS: Record<Language, Texts> = {
  'en-us': {
    title: 'JavaScript is needed',
    body: 'Signing in and creating an account need JavaScript. Turn JavaScript on in your browser, then try again.',
    back: { login: 'Back to the login page', register: 'Back to the sign-up page' },
  },
  'fr-ca': {
    title: 'JavaScript est nécessaire',
    body: 'La connexion et la création d’un compte ont besoin de JavaScript. Activez JavaScript dans votre navigateur, puis réessayez.',
    back: { login: 'Retour à la page de connexion', register: 'Retour à la page d’inscription' },
  },
};

export function noScriptPage(language: Language, form: NoScriptForm): string {
  const text = TEXTS[language];
  return `<!doctype html>
<html lang="${localeTag(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1b1b1b}a{color:#0b5394}</style>
</head>
<body>
<main>
<h1>${text.title}</h1>
<p>${text.body}</p>
<p><a href="/${form}">${text.back[form]}</a></p>
</main>
</body>
</html>
`;
}
