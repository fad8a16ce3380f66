// Accounts, profiles, admin users and avatars.
import { verifiedToken } from '../../accounts.js';
import { type RouteCase, enc, get, send, country, trial, profile } from '../route-case-kit.js';

export const accountsCases: Record<string, RouteCase> = {
  'GET /api/health': { fixed: (w, r) => [get(w, r, '/api/health')] },
  'GET /api/catalogue': { fixed: (w, r) => [get(w, r, '/api/catalogue')] },
  'GET /api/config': { fixed: (w, r) => [get(w, r, '/api/config')] },

  'POST /api/user/sendMessage': {
    fixed: (w, r) => [send(w, r, 'POST', '/api/user/sendMessage', { mobile_no: w.people.owner.mobile })],
  },
  'POST /api/user/codeValidation': {
    fixed: (w, r) => [
      send(w, r, 'POST', '/api/user/codeValidation', {
        mobile_no: w.people.owner.mobile,
        code: '000000',
        forget_password: false,
      }),
    ],
  },
  'POST /api/user/register': {
    fixed: (w, r) => [
      send(w, r, 'POST', '/api/user/register', {
        new_user: {
          firstName: 'Intruder',
          email: w.people.owner.email,
          mobile_no: w.people.owner.mobile,
          country: 'SN',
          password: 'intruder pass 1',
          account_type: 'withOutID',
          lat: 14.7,
          lng: -17.4,
          verification_token: w.verificationToken,
        },
      }),
    ],
  },
  'POST /api/user/login': {
    fixed: async (w, r) => {
      if (r !== 'owner') {
        return [send(w, r, 'POST', '/api/user/login', { email: w.people.owner.email, password: 'wrong password' })];
      }
      // A fresh account of the owner's kind: signing in ends the previous session (D-9).
      const self = await w.spare();
      return [send(w, r, 'POST', '/api/user/login', { email: self.email, password: self.password })];
    },
  },
  'POST /api/user/logout': {
    last: true,
    fixed: async (w, r) => {
      if (r !== 'owner') return [send(w, r, 'POST', '/api/user/logout')];
      const self = await w.spare();
      return [{ method: 'POST', url: '/api/user/logout', headers: self.headers }];
    },
  },
  'PUT /api/user/updatePassword': {
    fixed: async (w, r) => {
      if (r !== 'owner') {
        return [
          send(w, r, 'PUT', '/api/user/updatePassword', {
            mobile_no: w.people.owner.mobile,
            password: 'taken over 123',
            verification_token: 'not-a-token-of-this-number',
          }),
        ];
      }
      // The legitimate reset ends every session of the account (D-9): a spare account does it.
      const self = await w.spare();
      const token = await verifiedToken(w.app, self.mobile, true);
      return [
        {
          method: 'PUT',
          url: '/api/user/updatePassword',
          payload: { mobile_no: self.mobile, password: 'a new password 1', verification_token: token },
        },
      ];
    },
  },
  'GET /api/user/me': { fixed: (w, r) => [get(w, r, '/api/user/me')] },
  'PATCH /api/user/updateCountry': {
    fixed: (w, r) => [country(w, r, w.people.owner.id)],
    fuzz: { slots: ['user'], build: (w, r, [id]) => country(w, r, id!) },
  },
  'POST /api/user/updateSubscription': {
    fixed: async (w, r) => {
      // Starting the trial gives the caller contact access: the owner's own case uses a spare account.
      if (r === 'owner') {
        const self = await w.spare();
        return [
          {
            method: 'POST',
            url: '/api/user/updateSubscription',
            headers: self.headers,
            payload: { user_id: self.id, status: true, trail_complete: false },
          },
        ];
      }
      return [trial(w, r, w.people.owner.id)];
    },
    fuzz: { slots: ['user'], build: (w, r, [id]) => trial(w, r, id!) },
  },
  'PUT /api/user/updateUser': {
    fixed: (w, r) => [profile(w, r, w.people.owner.id)],
    fuzz: { slots: ['user'], build: (w, r, [id]) => profile(w, r, id!) },
  },
  'GET /api/user/addNotiLanguage': {
    fixed: (w, r) => [get(w, r, `/api/user/addNotiLanguage?_id=${w.people.owner.id}&noti_lan=en`)],
    fuzz: {
      slots: ['user'],
      build: (w, r, [id]) => get(w, r, `/api/user/addNotiLanguage?_id=${enc(id!)}&noti_lan=en`),
    },
  },
  'DELETE /api/user/{userId}': {
    fixed: async (w, r) => {
      if (r !== 'owner') return [send(w, r, 'DELETE', `/api/user/${w.people.owner.id}`)];
      const self = await w.spare();
      return [{ method: 'DELETE', url: `/api/user/${self.id}`, headers: self.headers }];
    },
    fuzz: { slots: ['user'], build: (w, r, [id]) => send(w, r, 'DELETE', `/api/user/${enc(id!)}`) },
  },
  'GET /api/user/getAllUsers': { fixed: (w, r) => [get(w, r, '/api/user/getAllUsers')] },
  'GET /api/admin/users': { fixed: (w, r) => [get(w, r, '/api/admin/users')] },
  'PATCH /api/admin/users/{userId}': {
    // vip false is the victim's current value: an admin's allowed call changes nothing here.
    fixed: (w, r) => [send(w, r, 'PATCH', `/api/admin/users/${w.people.owner.id}`, { vip: false })],
    fuzz: {
      slots: ['user'],
      build: (w, r, [id]) => send(w, r, 'PATCH', `/api/admin/users/${enc(id!)}`, { vip: false }),
    },
  },
  'GET /api/admin/users/{userId}/id-images/{index}': {
    fixed: (w, r) => [get(w, r, `/api/admin/users/${w.people.owner.id}/id-images/0`)],
    fuzz: {
      slots: ['user', 'index'],
      build: (w, r, [id, i]) => get(w, r, `/api/admin/users/${enc(id!)}/id-images/${enc(i!)}`),
    },
  },
  'GET /api/media/avatars/{file}': {
    fixed: (w, r) => [get(w, r, `/api/media/avatars/${w.avatar}`)],
    fuzz: { slots: ['file'], build: (w, r, [f]) => get(w, r, `/api/media/avatars/${enc(f!)}`) },
  },
};
