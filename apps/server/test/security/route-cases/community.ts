// Profile cards, places, reports, moderation and alerts.
import { publish } from '../../posts.js';
import { type RouteCase, enc, get, send, tractorJson } from '../route-case-kit.js';

export const communityCases: Record<string, RouteCase> = {
  'GET /api/users/{userId}/card': {
    fixed: (w, r) => [get(w, r, `/api/users/${w.people.owner.id}/card`)],
    fuzz: { slots: ['user'], build: (w, r, [id]) => get(w, r, `/api/users/${enc(id!)}/card`) },
  },
  'GET /api/places': {
    fixed: (w, r) => [get(w, r, '/api/places?q=Thies&near=-17.45,14.7')],
    fuzz: { slots: ['text'], build: (w, r, [x]) => get(w, r, `/api/places?q=${enc(x!)}`) },
  },
  'GET /api/places/reverse': { fixed: (w, r) => [get(w, r, '/api/places/reverse?lat=14.7&lng=-17.45')] },
  'GET /api/places/labels': {
    fixed: (w, r) => [get(w, r, '/api/places/labels?bbox=-17.6,14.5,-16.8,14.95&zoom=10')],
    fuzz: {
      slots: ['text', 'text'],
      build: (w, r, [bbox, zoom]) => get(w, r, `/api/places/labels?bbox=${enc(bbox!)}&zoom=${enc(zoom!)}`),
    },
  },
  'POST /api/reports': {
    // D-29: others report the owner's open post; the owner, who may not report their own, reports
    // the acceptor of their deal. Reports are not the victims' data (victimSnapshot).
    fixed: (w, r) => [
      send(
        w,
        r,
        'POST',
        '/api/reports',
        r === 'owner'
          ? { user_id: w.people.acceptor.id, reason: 'other' }
          : { solution_id: w.posts.open, reason: 'spam' },
      ),
    ],
    fuzz: {
      slots: ['post'],
      build: (w, r, [id]) => send(w, r, 'POST', '/api/reports', { solution_id: id, reason: 'spam' }),
    },
  },
  'GET /api/admin/reports': { fixed: (w, r) => [get(w, r, '/api/admin/reports')] },
  'PATCH /api/admin/reports/{reportId}': {
    fixed: async (w, r) => {
      const made = await w.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: w.people.other.headers,
        payload: { solution_id: w.posts.open, reason: 'wrong_info' },
      });
      if (made.statusCode !== 201) throw new Error(`report ${made.statusCode}: ${made.body}`);
      return [send(w, r, 'PATCH', `/api/admin/reports/${made.json().data._id}`, { status: 'closed' })];
    },
    fuzz: {
      slots: ['nobody'],
      build: (w, r, [id]) => send(w, r, 'PATCH', `/api/admin/reports/${enc(id!)}`, { status: 'closed' }),
    },
  },
  'POST /api/admin/solutions/{solutionId}/hide': {
    fixed: async (w, r) => {
      // An admin's allowed call is aimed at a spare account's post so the victim's data stays put.
      const target = r === 'admin' ? (await publish(w.app, await w.spare(), tractorJson()))._id : w.posts.open;
      return [send(w, r, 'POST', `/api/admin/solutions/${target}/hide`, { hidden: true })];
    },
    fuzz: {
      slots: ['nobody'],
      build: (w, r, [id]) => send(w, r, 'POST', `/api/admin/solutions/${enc(id!)}/hide`, { hidden: true }),
    },
  },
  'POST /api/admin/users/{userId}/block': {
    fixed: async (w, r) => {
      const target = r === 'admin' ? (await w.spare()).id : w.people.owner.id;
      return [send(w, r, 'POST', `/api/admin/users/${target}/block`, { blocked: true })];
    },
    fuzz: {
      slots: ['nobody'],
      build: (w, r, [id]) => send(w, r, 'POST', `/api/admin/users/${enc(id!)}/block`, { blocked: true }),
    },
  },
  'PUT /api/user/addNotiLanguage': {
    fixed: (w, r) => [send(w, r, 'PUT', '/api/user/addNotiLanguage', { language: 'fr-ca' })],
  },
  'POST /api/alerts': {
    // Alerts are the caller's own: an attacker's alert is theirs, never the victim's (victimSnapshot).
    fixed: (w, r) => [send(w, r, 'POST', '/api/alerts', { near: '-17.45,14.7', radius_km: 10, q: 'mil' })],
  },
  'GET /api/alerts': { fixed: (w, r) => [get(w, r, '/api/alerts')] },
  'DELETE /api/alerts/{alertId}': {
    // The owner deletes an alert of its own made for it, so w.alertId stays for the other cases.
    fixed: async (w, r) => {
      if (r !== 'owner') return [send(w, r, 'DELETE', `/api/alerts/${w.alertId}`)];
      const made = await w.app.inject(
        send(w, r, 'POST', '/api/alerts', { near: '-17.45,14.7', radius_km: 5 }) as never,
      );
      if (made.statusCode !== 201) throw new Error(`alert ${made.statusCode}: ${made.body}`);
      return [send(w, r, 'DELETE', `/api/alerts/${made.json().data._id}`)];
    },
    fuzz: { slots: ['nobody'], build: (w, r, [id]) => send(w, r, 'DELETE', `/api/alerts/${enc(id!)}`) },
  },
  'PATCH /api/alerts/{alertId}': {
    fixed: (w, r) => [send(w, r, 'PATCH', `/api/alerts/${w.alertId}`, { sms: false })],
    fuzz: { slots: ['nobody'], build: (w, r, [id]) => send(w, r, 'PATCH', `/api/alerts/${enc(id!)}`, { sms: false }) },
  },
  'POST /api/alerts/stop': { fixed: (w, r) => [send(w, r, 'POST', '/api/alerts/stop')] },
};
