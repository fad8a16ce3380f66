// D-37: every screen of every menu fits 182 characters, in English and in French, with the longest
// names the data allows: the menus are walked breadth-first, every listed choice and a typed answer
// at each prompt, against ports that answer with worst-case data.
import type { Deal } from '@app/shared';
import { describe, expect, it } from 'vitest';
import type { UssdPorts, UssdUser } from './context.js';
import { ussdStep } from './menu.js';
import { USSD_SCREEN_MAX, type Lang } from './texts.js';

const LONG = 'Wolofal'.repeat(9);
const now = new Date('2026-11-28T10:00:00Z');
const user = (language: Lang): UssdUser => ({
  id: 'u1',
  firstName: 'Ndeye Fatou Maguette'.repeat(3).slice(0, 60),
  country: 'SN',
  language,
  admin: false,
  mobile: '+221770000001',
});
const row = (i: number) =>
  ({
    id: `p${i}`,
    title: `${LONG} ${i}`,
    sub_category_en: 'Tractor (per day)',
    sub_category_fr: 'Tracteur (par jour)',
    price_usd: 99_999_999,
    price_eur: 99_999_999,
    price_xof: 999_999_999,
    pickup_lat: 14.79 + i / 10,
    pickup_lng: -16.93,
    unit: i % 2 ? 'day' : null,
  }) as never;
const deal = (role: 'owner' | 'acceptor', status: Deal['status']): Deal =>
  ({
    _id: `d-${role}-${status}`,
    role,
    status,
    solution: { title: LONG },
    counterpart: { firstName: LONG, mobile_no: '+221770000002' },
    contact_access: status === 'accepted',
    note: LONG.repeat(3),
    from: '2026-12-24',
    fee: { amount: '149999995', currency: 'XOF', paid: false },
  }) as never;

function ports(language: Lang, known: boolean): UssdPorts {
  const deals = [deal('owner', 'requested'), deal('acceptor', 'accepted'), deal('acceptor', 'requested')];
  return {
    userByPhone: async () => (known ? user(language) : undefined),
    register: async () => user(language),
    profile: async () => ({
      registered_session: null,
      town: null,
      town_lat: null,
      town_lng: null,
      last_search: { type: 'provideSolution', category: 'AnimalFeed', lng: 1, lat: 1, town: LONG },
    }),
    appPosition: async () => undefined,
    saveTown: async () => undefined,
    saveLastSearch: async () => undefined,
    towns: async () =>
      [1, 2, 3].map((i) => ({
        name: `${LONG}${i}`,
        label: `${LONG}, ${LONG}, ${LONG}`,
        country: 'SN',
        lat: 14,
        lng: -17,
      })),
    nearest: async () => [1, 2, 3, 4, 5].map(row),
    request: async () => ({}) as never,
    publish: async () => undefined,
    deals: async () => deals,
    confirm: async () => deal('owner', 'accepted'),
    decline: async () => deal('owner', 'declined'),
    alerts: async () => [],
    createAlert: async () => ({}) as never,
    setAlertSms: async () => ({}) as never,
    setLanguage: async () => undefined,
    sms: () => undefined,
    operators: () => ['Orange Money', 'Wave', 'Free Money'],
  };
}

/** What to type at a prompt that lists no choice. */
const typed = ['Ndeye', '2412', 'Thies', '150000', 'Pour labourer'];

async function walkAll(language: Lang, known: boolean) {
  const seen: string[] = [];
  let frontier = [''];
  for (let depth = 0; depth < 12 && frontier.length; depth++) {
    const next: string[] = [];
    for (const text of frontier) {
      const screen = await ussdStep({ sessionId: 's', phone: '+221770000001', text }, ports(language, known), {
        code: '*384*100#',
        web: 'marche.example.org',
        now: () => now,
      });
      seen.push(screen.reply);
      if (screen.end) continue;
      const choices = screen.reply.split('\n').flatMap((l) => (/^\d\. /.test(l) ? [l[0]!] : []));
      const answers = choices.length ? choices : typed;
      for (const a of answers) next.push(text === '' ? a : `${text}*${a}`);
    }
    frontier = next.slice(0, 400);
  }
  return seen;
}

describe('every USSD screen', () => {
  for (const language of ['en', 'fr'] as const) {
    it(`fits ${USSD_SCREEN_MAX} characters in ${language === 'en' ? 'English' : 'French'}`, async () => {
      const screens = [...(await walkAll(language, true)), ...(await walkAll(language, false))];
      expect(screens.length).toBeGreaterThan(60);
      const over = screens.filter((s) => s.length - 4 > USSD_SCREEN_MAX);
      expect(over).toEqual([]);
      expect(screens.every((s) => /^(CON|END) \S/.test(s))).toBe(true);
    });
  }
});
