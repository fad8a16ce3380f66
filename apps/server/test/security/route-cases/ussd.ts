// D-37: Africa's Talking's callbacks, on a path only the configured secret opens; the simulator.
import type { Role, World } from '../world.js';
import { type Req, type RouteCase, enc, headersOf, send } from '../route-case-kit.js';

export const ussdCases: Record<string, RouteCase> = {
  'POST /api/ussd/africastalking/{secret}': atCallback('/api/ussd/africastalking', {
    sessionId: 'ATUid_1',
    serviceCode: '*384*100#',
    phoneNumber: '+221770000001',
    text: '',
  }),
  'POST /api/sms/africastalking/{secret}': atCallback('/api/sms/africastalking', {
    from: '+221770000001',
    to: '20880',
    text: 'STOP',
    date: '2026-11-28 10:00:00',
    id: 'x1',
  }),
  'POST /api/ussd/simulator': {
    fixed: (w, r) => [send(w, r, 'POST', '/api/ussd/simulator', { session_id: 'matrix-1', text: '' })],
  },
};

/** A callback form on a guessed secret path (the world configures none: every path is unknown). */
function atCallback(base: string, form: Record<string, string>): RouteCase {
  const post = (w: World, r: Role, secret: string): Req => ({
    method: 'POST',
    url: `${base}/${enc(secret)}`,
    headers: { ...headersOf(w, r), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  return {
    fixed: (w, r) => [post(w, r, 'guessed-secret-0000'), post(w, r, '')],
    fuzz: { slots: ['text'], build: (w, r, [secret]) => post(w, r, secret!) },
  };
}
