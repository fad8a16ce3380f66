// Social sign-in, the local provider page and proving an e-mail.
import { type RouteCase, headersOf, enc, get, send } from '../route-case-kit.js';

export const signInCases: Record<string, RouteCase> = {
  'GET /api/auth/providers': { fixed: (w, r) => [get(w, r, '/api/auth/providers')] },
  'GET /api/auth/{provider}': {
    // With the starting tab's binding, so that the start goes through.
    fixed: (w, r) => [get(w, r, `/api/auth/local?binding=${'0'.repeat(64)}`)],
    fuzz: { slots: ['text'], build: (w, r, [p]) => get(w, r, `/api/auth/${enc(p!)}x`) },
  },
  'GET /api/auth/{provider}/callback': {
    fixed: (w, r) => [get(w, r, '/api/auth/local/callback?code=stolen-code&state=forged-state')],
  },
  'GET /api/auth/local/page': { fixed: (w, r) => [get(w, r, '/api/auth/local/page?state=forged-state')] },
  'POST /api/auth/local/page': {
    fixed: (w, r) => [
      {
        method: 'POST',
        url: '/api/auth/local/page',
        headers: { ...headersOf(w, r), 'content-type': 'application/x-www-form-urlencoded' },
        payload: `state=forged-state&first_name=Intruder&email=${enc(w.people.owner.email)}`,
      },
    ],
  },
  'POST /api/user/loginVia/{provider}': {
    fixed: (w, r) => [send(w, r, 'POST', '/api/user/loginVia/local', { code: 'a-guessed-one-time-code' })],
    fuzz: { slots: ['text'], build: (w, r, [c]) => send(w, r, 'POST', '/api/user/loginVia/google', { code: c }) },
  },
  'PUT /api/user/register-via-fb/{userId}': {
    fixed: (w, r) => [
      send(w, r, 'PUT', `/api/user/register-via-fb/${w.people.owner.id}`, {
        mobile_no: w.people.owner.mobile,
        country: 'SN',
      }),
    ],
    fuzz: {
      slots: ['user'],
      build: (w, r, [id]) =>
        send(w, r, 'PUT', `/api/user/register-via-fb/${enc(id!)}`, { mobile_no: '+221770000000', country: 'SN' }),
    },
  },

  'POST /api/user/email/send-code': {
    fixed: (w, r) => [send(w, r, 'POST', '/api/user/email/send-code')],
  },
  'POST /api/user/email/verify': {
    fixed: (w, r) => [send(w, r, 'POST', '/api/user/email/verify', { code: '000000' })],
    fuzz: { slots: ['text'], build: (w, r, [c]) => send(w, r, 'POST', '/api/user/email/verify', { code: c }) },
  },
};
