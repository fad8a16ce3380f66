// D-37: the ports the USSD menus call, made of the product's own services (users, places,
// solutions, deals, alerts): the menus hold no rule of their own.
import { MOBILE_MONEY_OPERATORS, type NewSolution } from '@app/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { ALERT_MATCH_JOB } from '../alerts/service.js';
import { buildDealLifecycleService } from '../deals/build.js';
import { buildPlacesService } from '../places/service.js';
import type { SessionUser as Caller } from '../sessions/service.js';
import { solutionsRepository } from '../solutions/repository.js';
import { POSTS_PER_HOUR, postingAccount } from '../solutions/routes.js';
import { buildSolutionsService } from '../solutions/service.js';
import { isAdmin } from '../users/admin-rule.js';
import { usersRepository } from '../users/repository.js';
import type { UssdPorts, UssdUser } from './context.js';
import { ussdRepository } from './repository.js';

const HOUR = 60 * 60 * 1000;
/** The places search's matches a phone screen lists. */
const TOWNS = 3;

type UserRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof usersRepository>['findById']>>>;
const toUssdUser = (row: UserRecord): UssdUser & { blocked: boolean } => ({
  id: row.id,
  firstName: row.firstName,
  country: row.country,
  language: row.language === 'fr' ? 'fr' : 'en',
  admin: row.admin,
  mobile: row.mobileNo ?? '',
  blocked: row.blockedAt !== null,
});

/** Builds the services once; `portsFor(request)` gives one USSD step its ports. */
export function buildUssdPorts(app: FastifyInstance, config: Config) {
  const db = app.database.db;
  const users = usersRepository(db);
  const profiles = ussdRepository(db);
  const places = buildPlacesService(db);
  const posts = solutionsRepository(db);
  const solutions = buildSolutionsService({
    db,
    storage: app.storage,
    eurPerUsdMicro: config.eurPerUsdMicro,
    notifier: app.notifier,
    now: app.clock.now,
  });
  const { deals, lifecycle } = buildDealLifecycleService({
    db,
    notifier: app.notifier,
    now: app.clock.now,
    eurPerUsdMicro: config.eurPerUsdMicro,
    cdfPerUsdMilli: config.cdfPerUsdMilli,
  });
  // The web's per-account posting quota, its very counter: a number cannot post past the web's
  // limit by switching doors. The web's key reads the account from `postingAccount`.
  const postQuota = app.limiter('ussd-post', {
    max: POSTS_PER_HOUR * config.rateLimitScale,
    timeWindow: HOUR,
    key: (request) => postingAccount.get(request) ?? request.ip,
    countsWith: 'post',
  });
  const admins = { emails: config.adminEmails, phones: config.adminPhones };

  const portsFor = (request: FastifyRequest, reply: FastifyReply): UssdPorts => ({
    async userByPhone(phone) {
      const row = await users.findByEmailOrMobile(null, phone);
      return row ? toUssdUser(row) : undefined;
    },
    async register({ firstName, country, phone, language, sessionId }) {
      const mobileVerifiedAt = app.clock.now();
      let row: UserRecord | undefined;
      try {
        row = await users.insert({
          firstName,
          mobileNo: phone,
          country,
          language,
          // D-37: the number the network presents is proven, as an SMS code proves it.
          mobileVerifiedAt,
          admin: isAdmin({ email: null, emailVerifiedAt: null, mobileNo: phone, mobileVerifiedAt }, admins),
        });
      } catch (error) {
        // The same step posted twice (a network retry): the first one registered the number.
        row = await users.findByEmailOrMobile(null, phone);
        if (!row) throw error;
      }
      await profiles.markRegistered(row.id, sessionId);
      return toUssdUser(row);
    },
    profile: (userId) => profiles.profile(userId),
    appPosition: (userId) => profiles.appPosition(userId),
    saveTown: (userId, town) => profiles.saveTown(userId, { name: town.name, lat: town.lat, lng: town.lng }),
    saveLastSearch: (userId, search) => profiles.saveLastSearch(userId, search),
    async towns(q, lang) {
      const found = await places.search({ q, lang }, lang);
      return found.slice(0, TOWNS).map((p) => ({
        name: p.name,
        label: [p.name, p.region !== p.name ? p.region : null, p.country_name].filter(Boolean).join(', '),
        country: p.country_code,
        lat: p.lat,
        lng: p.lng,
      }));
    },
    nearest: (type, category, at, limit) =>
      posts.postSearch(
        { words: [], type, category: category as NewSolution['category'], near: { at, offset: 0 }, limit },
        null,
      ),
    request: (caller, body) => lifecycle.request(caller, body),
    async publish(caller: Caller, input, display) {
      postingAccount.set(request, caller.userId);
      await postQuota.call(app, request, reply);
      const created = await solutions.add(caller, input, [], display);
      // D-36: matched against the alerts, as a post published on the web.
      await app.jobs.send(ALERT_MATCH_JOB, { solutionId: created._id });
    },
    deals: (caller, display) => deals.list(caller, undefined, display),
    confirm: (caller, dealId, display) => lifecycle.confirm(caller, dealId, display),
    decline: (caller, dealId, display) => lifecycle.decline(caller, dealId, undefined, display),
    alerts: (caller) => app.alerts.list(caller),
    createAlert: (caller, alert) => app.alerts.create(caller, alert),
    setAlertSms: (caller, alertId, on) => app.alerts.setSms(caller, alertId, on),
    async setLanguage(caller, lang) {
      await users.update(caller.userId, { language: lang });
    },
    sms: (to, text) => app.notifier.sms(to, text),
    operators: (country) => MOBILE_MONEY_OPERATORS[country ?? ''] ?? [],
  });
  /** The proven number of an account, for the simulator's own-number rule. */
  const mobileOf = async (userId: string) => (await users.findById(userId))?.mobileNo ?? undefined;
  return { portsFor, mobileOf };
}
