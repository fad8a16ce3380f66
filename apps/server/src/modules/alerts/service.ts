// D-36: a user's alerts, and the jobs that tell them of a matching post: a notification in their
// language (mailbox, live stream, push, opening the post), and sparingly an SMS.
import { type Alert, ALERTS_MAX, type NewAlert, formatMoney, postTitle } from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { normalizeName } from '../../lib/countries.js';
import type { Jobs } from '../../plugins/jobs.js';
import { alertNotices } from '../notifications/messages.js';
import type { Notifier } from '../notifications/notifier.js';
import type { SessionUser as Caller } from '../sessions/service.js';
import { ALERT_SMS_PER_DAY, quietUntil, startOfLocalDay } from './quiet-hours.js';
import { type AlertRow, alertsRepository } from './repository.js';

/** The job that matches a published post against the alerts (sent by the publish call). */
export const ALERT_MATCH_JOB = 'alert-match';
/** The job of an SMS held back by quiet hours, due at 07:00 in the user's country. */
export const ALERT_SMS_JOB = 'alert-sms';

/** Words of an alert kept (a search takes as many). */
const MAX_ALERT_WORDS = 8;
/** Notifications sent to the live stream and push at once. */
const DELIVERY_BATCH = 50;
/** One GSM-7 SMS segment. */
const SMS_SEGMENT = 160;

/** Countries that pay in CFA francs (D-3), and in euros; else dollars. */
const FRANC_COUNTRIES = new Set(['SN', 'ML', 'CI', 'BF', 'NE', 'TG', 'BJ', 'GW', 'CM', 'TD', 'GA', 'CG', 'CF', 'GQ']);
const EURO_COUNTRIES = new Set(['FR', 'BE', 'DE', 'ES', 'IT', 'PT', 'NL', 'LU', 'IE', 'AT', 'FI', 'GR']);

export const toAlert = (row: AlertRow): Alert => ({
  _id: row.id,
  type: row.user_role,
  q: row.q,
  category: row.category as Alert['category'],
  sub_category_id: row.sub_category_id,
  lng: row.lng,
  lat: row.lat,
  radius_km: row.radius_km,
  sms: row.sms,
  last_match_at: row.last_match_at,
  last_solution_id: row.last_solution_id,
  created_at: row.created_at,
});

/** The alert's words as the search takes the box's (search_norm: accents, case, punctuation). */
export const alertWords = (q: string): string[] =>
  [...new Set(normalizeName(q).split(' ').filter(Boolean))].slice(0, MAX_ALERT_WORDS);

interface Deps {
  db: Db;
  notifier: Notifier;
  jobs: Pick<Jobs, 'send'>;
  now: () => Date;
  /** Where the SMS's short link points (PUBLIC_URL); a relative link without it. */
  publicUrl: string | undefined;
}

export interface HeldSms {
  alertId: string;
  solutionId: string;
  userId: string;
}

export function buildAlertsService({ db, notifier, jobs, now, publicUrl }: Deps) {
  const repo = alertsRepository(db);

  /** D-36: the SMS names the post's title, price and town, with a short link and how to stop. */
  function smsText(
    post: NonNullable<Awaited<ReturnType<typeof repo.post>>>,
    language: 'en' | 'fr',
    country: string | null,
  ): string {
    const code =
      country && FRANC_COUNTRIES.has(country) ? 'XOF' : country && EURO_COUNTRIES.has(country) ? 'EUR' : 'USD';
    const minor = code === 'XOF' ? post.price_xof : code === 'EUR' ? post.price_eur : post.price_usd;
    const price = formatMoney(minor, code, language === 'fr' ? 'fr-ca' : 'en-us');
    const title = postTitle({
      title: post.title,
      sub_category: { en: post.sub_category_en, fr: post.sub_category_fr },
    })[language];
    const link = `${(publicUrl ?? '').replace(/\/$/, '')}/s/${post.id}`;
    const town = post.pickup_city ? `, ${post.pickup_city}` : '';
    const compose = (name: string) =>
      language === 'fr'
        ? `Alerte : ${name}, ${price}${town} ${link} STOP pour arrêter`
        : `Alert: ${name}, ${price}${town} ${link} Reply STOP to end`;
    const room = SMS_SEGMENT - compose('').length;
    // The title gives way first, so the message fits one segment where it can.
    return compose(title.length > room && room > 8 ? `${title.slice(0, room - 1)}…` : title);
  }

  /** Sends the match's SMS now if the day's count and the hour allow, else holds or drops it. */
  async function smsFor(match: HeldSms): Promise<'sent' | 'held' | 'over_limit' | 'stopped'> {
    const at = now();
    const person = await repo.person(match.userId);
    if (!person?.mobile_no || !(await repo.smsStillOn(match.alertId))) {
      await repo.markSms(match.alertId, match.solutionId, 'stopped', at);
      return 'stopped';
    }
    const quiet = quietUntil(at, person.country);
    if (quiet) {
      await repo.markSms(match.alertId, match.solutionId, 'held', at);
      await jobs.send(ALERT_SMS_JOB, match, { startAfter: quiet });
      return 'held';
    }
    if ((await repo.smsSentSince(match.userId, startOfLocalDay(at, person.country))) >= ALERT_SMS_PER_DAY) {
      await repo.markSms(match.alertId, match.solutionId, 'over_limit', at);
      return 'over_limit';
    }
    const post = await repo.post(match.solutionId);
    if (!post) return 'stopped';
    await repo.markSms(match.alertId, match.solutionId, 'sent', at);
    notifier.sms(person.mobile_no, smsText(post, person.language, person.country));
    return 'sent';
  }

  return {
    async create(caller: Caller, body: NewAlert): Promise<Alert> {
      const [lng, lat] = body.near;
      const row = await repo.create(
        {
          userId: caller.userId,
          userRole: body.type ?? null,
          category: body.category ?? null,
          subCategoryId: body.sub_category_id ?? null,
          q: body.q ?? '',
          words: alertWords(body.q ?? ''),
          lng,
          lat,
          radiusKm: body.radius_km,
          sms: body.sms ?? false,
        },
        ALERTS_MAX,
      );
      if (!row) throw new AppError('LIMIT_REACHED', `At most ${ALERTS_MAX} alerts`);
      return toAlert(row);
    },

    async list(caller: Caller): Promise<Alert[]> {
      return (await repo.list(caller.userId)).map(toAlert);
    },

    /** Another user's alert answers 404, as one that does not exist. */
    async remove(caller: Caller, alertId: string): Promise<void> {
      if (!(await repo.remove(alertId, caller.userId))) throw new AppError('NOT_FOUND');
    },

    async setSms(caller: Caller, alertId: string, sms: boolean): Promise<Alert> {
      const row = await repo.setSms(alertId, caller.userId, sms);
      if (!row) throw new AppError('NOT_FOUND');
      return toAlert(row);
    },

    /**
     * "STOP" (D-36): every SMS alert of the user off. The alerts screen calls it; so will the
     * inbound SMS "STOP" (D-37). Held SMS check the switch again when they are due.
     */
    async stopSmsAlerts(userId: string): Promise<number> {
      return repo.stopSms(userId);
    },

    /**
     * The ALERT_MATCH_JOB: each alert the post matches is recorded once, and each owner told once
     * (however many of their alerts matched), in their language, opening the post; an SMS too
     * when one of their matching alerts asks for it.
     */
    async matchPost(solutionId: string): Promise<{ matched: number; told: number; sms: Record<string, number> }> {
      const matches = await repo.matching(solutionId);
      const sms: Record<string, number> = {};
      if (matches.length === 0) return { matched: 0, told: 0, sms };
      const post = await repo.post(solutionId);
      if (!post) return { matched: matches.length, told: 0, sms };
      const title = postTitle({
        title: post.title,
        sub_category: { en: post.sub_category_en, fr: post.sub_category_fr },
      });
      const notice = alertNotices.matched(post.user_role, title, post.pickup_city ?? '');
      const { recorded, notices } = await repo.recordAndNotify(solutionId, matches, notice, now());
      // Live stream and push once stored, a batch at a time (each is a request to Redis or a push service).
      for (let i = 0; i < notices.length; i += DELIVERY_BATCH) {
        await Promise.all(
          notices.slice(i, i + DELIVERY_BATCH).map((row) => notifier.delivered(row, `/s/${solutionId}`)),
        );
      }
      const smsOn = new Set(matches.filter((m) => m.sms).map((m) => m.alert_id));
      const smsAlertOf = new Map<string, string>();
      for (const r of recorded)
        if (smsOn.has(r.alert_id) && !smsAlertOf.has(r.user_id)) smsAlertOf.set(r.user_id, r.alert_id);
      for (const [userId, alertId] of smsAlertOf) {
        const state = await smsFor({ alertId, solutionId, userId });
        sms[state] = (sms[state] ?? 0) + 1;
      }
      return { matched: matches.length, told: notices.length, sms };
    },

    /** GET /s/:solutionId: the post's owner and type, for the link to its page. */
    postLink: (solutionId: string) => repo.postLink(solutionId),

    /** The ALERT_SMS_JOB: an SMS held back by quiet hours, due now. */
    async sendHeld(job: HeldSms): Promise<string> {
      return smsFor(job);
    },
  };
}

export type AlertsService = ReturnType<typeof buildAlertsService>;
