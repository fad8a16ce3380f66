// SPEC 4's language switch (stores the choice and reloads), and D-24: a signed-in user's choice is
// kept on the server too, so SMS, push and e-mail go out in the user's language.
import type { Language } from '@app/shared';
import { apiHeaders } from './api-client';
import { isSignedIn } from './session';
import { switchLanguage } from './settings';

export function chooseLanguage(language: Language): void {
  if (isSignedIn()) {
    const headers = apiHeaders();
    headers.set('content-type', 'application/json');
    // keepalive: the call outlives the reload that follows. A failure changes nothing on screen;
    // the next switch (or the next sign-in) tells the server again.
    void fetch('/api/user/addNotiLanguage', {
      method: 'PUT',
      headers,
      body: JSON.stringify({ language }),
      keepalive: true,
    }).catch(() => undefined);
  }
  switchLanguage(language);
}
