// The world the security suites attack: a victim ("owner") with every kind of object the
// API has, and the attackers of the matrix: another user, a subscriber (a yearly subscription marked
// paid by an admin, D-18) and an admin (ADMIN_EMAILS, D-11). The victim's contacts, device token,
// provider ids and ID image are planted, recognisable values the exposure suite searches for.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { multipart, newAccount, proveEmail, signedUp, verifiedToken } from '../accounts.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { queryRows } from '../databases.js';
import { confirmedDeal, requested } from '../deals.js';
import { publish, tractor, villa } from '../posts.js';

export const ROLES = ['visitor', 'owner', 'other', 'subscriber', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export type Attacker = Exclude<Role, 'owner'>;

export interface Person {
  id: string;
  email: string;
  mobile: string;
  password: string;
  key: string;
  headers: Record<string, string>;
}

export interface World {
  t: TestApp;
  app: FastifyInstance;
  /**
   * The victim is `owner`; `acceptor` holds the deal the owner confirmed on the victim's taken offer,
   * and an open request on the victim's open offer.
   */
  people: Record<Exclude<Role, 'visitor'> | 'acceptor', Person>;
  posts: {
    /** An open offer with one image. */
    open: string;
    /** An open need. */
    need: string;
    /**
     * A single-use offer taken by `acceptor`: a deal the owner confirmed (D-32); the owner, its
     * supplier side, has no contact access.
     */
    taken: string;
    /** A post the owner deleted. */
    deleted: string;
  };
  postImage: string;
  avatar: string;
  notificationId: string;
  /** The confirmed deal on `taken`. */
  dealId: string;
  /** D-36: an alert of the owner's, with SMS on. */
  alertId: string;
  /** The acceptor's open request on `open`, which the owner has not answered (D-32). */
  requestId: string;
  /** The owner's pending pay-as-you-go payment on `taken`: our row id and the provider's order id. */
  paymentId: string;
  orderId: string;
  /** A second order of the owner, for the local provider's approval page (a capability URL). */
  checkoutOrderId: string;
  /** The owner's pending yearly subscription at the provider. */
  subscriptionId: string;
  /** D-38: the owner's pending mobile-money transaction (a yearly subscription in XOF). */
  momoTx: string;
  deviceToken: string;
  /** A verification token of the owner's number, unused (a forgot-password code). */
  verificationToken: string;
  /** Storage keys of the owner's ID images. */
  idImageKeys: string[];
  /** Accounts made on demand for owner cases that end or erase the caller. */
  spare(): Promise<Person>;
  /** Posts of the owner made on demand for owner cases that change them. */
  spareOffer(): Promise<string>;
}

const ADMIN_EMAIL_PREFIX = 'security-admin';

/** A person as the deal helpers (test/deals.ts) take one. */
export const partyOf = (p: Person) => ({ headers: p.headers, user: { _id: p.id } });

export async function buildWorld(env: Record<string, string> = {}): Promise<World> {
  const adminAccount = newAccount({ email: `${ADMIN_EMAIL_PREFIX}-${Date.now()}@example.org` });
  const t = await buildTestApp({
    RATE_LIMIT_SCALE: '100',
    ADMIN_EMAILS: adminAccount.email,
    PLACES_COUNTRIES: 'SN',
    ...env,
  });
  await t.app.ready();
  const app = t.app;

  const person = (
    signed: Awaited<ReturnType<typeof signedUp>>,
    password = signed.account.password as string,
  ): Person => ({
    id: signed.user._id,
    email: signed.account.email as string,
    mobile: signed.user.mobile_no,
    password,
    key: signed.key,
    headers: signed.headers,
  });

  // The victim registers with an ID image (withID) and signs in from a phone with a push token.
  const ownerAccount = newAccount({
    firstName: 'Victima',
    lastName: 'Planted',
    physical_address: '12 rue Planted, Dakar',
    account_type: 'withID',
    password: 'victim secret pass 42',
  });
  const token = await verifiedToken(app, ownerAccount.mobile_no as string);
  const idImage = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#444' } })
    .jpeg()
    .toBuffer();
  const registration = multipart([
    { name: 'new_user', value: JSON.stringify({ ...ownerAccount, verification_token: token }) },
    { name: 'files', value: idImage, filename: 'id.jpg', type: 'image/jpeg' },
  ]);
  const reg = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    headers: registration.headers,
    payload: registration.payload,
  });
  if (reg.statusCode !== 201) throw new Error(`register ${reg.statusCode}: ${reg.body}`);
  const deviceToken = `planted-device-token-${Math.random().toString(36).slice(2)}`;
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: ownerAccount.email, password: ownerAccount.password, device_token: deviceToken },
  });
  if (login.statusCode !== 200) throw new Error(`login ${login.statusCode}: ${login.body}`);
  const ownerKey = login.json().data.auth_key as string;
  const owner: Person = {
    id: login.json().data.user._id,
    email: ownerAccount.email as string,
    mobile: login.json().data.user.mobile_no,
    password: ownerAccount.password as string,
    key: ownerKey,
    headers: { 'access-token': ownerKey },
  };

  const [acceptor, other, subscriber] = await Promise.all([
    signedUp(app).then((s) => person(s)),
    signedUp(app).then((s) => person(s)),
    signedUp(app).then((s) => person(s)),
  ]);
  const admin = person(await signedUp(app, adminAccount));
  // D-11: an ADMIN_EMAILS address gives rights once its code proves it.
  await proveEmail(app, admin.headers);
  const paid = await app.inject({
    method: 'POST',
    url: '/api/admin/markSubscriptionPaid',
    headers: admin.headers,
    payload: { user_id: subscriber.id, reference: `MM-${subscriber.id.slice(0, 8)}`, currency: 'XOF' },
  });
  if (paid.statusCode !== 200) throw new Error(`markSubscriptionPaid ${paid.statusCode}: ${paid.body}`);

  // An avatar, so that the avatar route has a real file.
  const avatarForm = multipart([
    { name: 'user_id', value: owner.id },
    { name: 'files', value: idImage, filename: 'me.jpg', type: 'image/jpeg' },
  ]);
  const avatarRes = await app.inject({
    method: 'PUT',
    url: '/api/user/updateUser',
    headers: { ...owner.headers, ...avatarForm.headers },
    payload: avatarForm.payload,
  });
  if (avatarRes.statusCode !== 200) throw new Error(`updateUser ${avatarRes.statusCode}: ${avatarRes.body}`);
  const avatar = String(avatarRes.json().data.profile_pic).split('/').pop()!;

  // Posts: an open offer with an image, an open need, a taken offer and a deleted one.
  const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  const withImage = multipart([
    { name: 'new_solution', value: JSON.stringify(tractor('provideSolution')) },
    { name: 'files', value: photo, filename: 'p.jpg', type: 'image/jpeg' },
  ]);
  const openRes = await app.inject({
    method: 'POST',
    url: '/api/solution/addSolution',
    headers: { ...owner.headers, ...withImage.headers },
    payload: withImage.payload,
  });
  if (openRes.statusCode !== 201) throw new Error(`addSolution ${openRes.statusCode}: ${openRes.body}`);
  const open = openRes.json().data._id as string;
  const postImage = String(openRes.json().data.images[0].url).split('/').pop()!;
  const need = (await publish(app, owner, tractor('needSolution')))._id;
  const taken = (await publish(app, owner, villa('provideSolution')))._id;
  const deleted = (await publish(app, owner, tractor('provideSolution')))._id;
  const del = await app.inject({
    method: 'DELETE',
    url: `/api/solution/deleteSolution/${owner.id}/${deleted}`,
    headers: owner.headers,
  });
  if (del.statusCode !== 204) throw new Error(`deleteSolution ${del.statusCode}`);
  // D-32: the acceptor's request on the single-use offer, confirmed by the owner; then an open
  // request on the open offer (booked by date, D-33), left unanswered.
  const dealId = await confirmedDeal(app, partyOf(owner), partyOf(acceptor), taken, { from: undefined, to: undefined });
  const requestId = await requested(app, partyOf(acceptor), open);
  const mailbox = await app.inject({ url: `/api/notify/getUserNotif/${owner.id}`, headers: owner.headers });
  const notificationId = mailbox.json().data[0]._id as string;

  // The owner, supplier side without access, starts paying for the deal twice (two provider orders)
  // and starts a yearly subscription: pending provider ids of the victim.
  const pay = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payment/pay',
      headers: owner.headers,
      // The card's orders (the owner lives in Senegal: D-38 would default to mobile money).
      payload: { solution_id: taken, method: 'card' },
    });
    if (res.statusCode !== 200) throw new Error(`pay ${res.statusCode}: ${res.body}`);
    return decodeURIComponent(String(res.json().data.url).split('/').pop()!);
  };
  const orderId = await pay();
  const checkoutOrderId = await pay();
  const history = await app.inject({ url: `/api/payment/getUserPayments/${owner.id}`, headers: owner.headers });
  const paymentId = history.json().data[0]._id as string;
  const sub = await app.inject({
    method: 'POST',
    url: '/api/payment/subscribe',
    headers: owner.headers,
    payload: { currency: 'USD' },
  });
  if (sub.statusCode !== 200) throw new Error(`subscribe ${sub.statusCode}: ${sub.body}`);
  const subscriptionId = decodeURIComponent(String(sub.json().data.url).split('/').pop()!);
  const momo = await app.inject({
    method: 'POST',
    url: '/api/payment/subscribe',
    headers: owner.headers,
    payload: { currency: 'XOF', method: 'mobile_money' },
  });
  if (momo.statusCode !== 200) throw new Error(`subscribe XOF ${momo.statusCode}: ${momo.body}`);
  const momoTx = decodeURIComponent(String(momo.json().data.url).split('/').pop()!);
  const verificationToken = await verifiedToken(app, owner.mobile, true);

  const alert = await app.inject({
    method: 'POST',
    url: '/api/alerts',
    headers: owner.headers,
    payload: { type: 'needSolution', q: 'tracteur', near: '-17.45,14.7', radius_km: 20, sms: true },
  });
  if (alert.statusCode !== 201) throw new Error(`alert ${alert.statusCode}: ${alert.body}`);
  const alertId = alert.json().data._id as string;

  const [imageRow] = await queryRows<{ id_images: string[] }>(
    app.database.db,
    sql`select id_images from users where id = ${owner.id}`,
  );

  return {
    t,
    app,
    people: { owner, acceptor, other, subscriber, admin },
    posts: { open, need, taken, deleted },
    postImage,
    avatar,
    notificationId,
    dealId,
    alertId,
    requestId,
    paymentId,
    orderId,
    checkoutOrderId,
    subscriptionId,
    momoTx,
    deviceToken,
    verificationToken,
    idImageKeys: imageRow?.id_images ?? [],
    spare: async () => person(await signedUp(app)),
    spareOffer: async () => (await publish(app, owner, tractor('provideSolution')))._id,
  };
}

/**
 * Everything stored about the victims (the owner and the acceptor of their deal), as text: compared
 * before and after the attacks to prove that no refused call changed anything.
 */
export async function victimSnapshot(w: World): Promise<string> {
  const ids = [w.people.owner.id, w.people.acceptor.id];
  const db = w.app.database.db;
  const inIds = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const tables = {
    users: sql`select * from users where id in (${inIds}) order by id`,
    sessions: sql`select * from sessions where user_id in (${inIds}) order by user_id`,
    solutions: sql`select * from solutions where user_id in (${inIds}) order by id`,
    images: sql`select i.* from solution_images i join solutions s on s.id = i.solution_id
      where s.user_id in (${inIds}) order by i.solution_id, i.position`,
    deals: sql`select d.* from deals d join solutions s on s.id = d.solution_id
      where s.user_id in (${inIds}) or d.acceptor_id in (${inIds}) order by d.id`,
    visits: sql`select v.* from visits v join solutions s on s.id = v.solution_id
      where s.user_id in (${inIds}) order by v.id`,
    notifications: sql`select * from notifications where user_id in (${inIds}) order by id`,
    payments: sql`select * from payments where user_id in (${inIds}) order by id`,
    subscriptions: sql`select * from subscriptions where user_id in (${inIds}) order by id`,
    alerts: sql`select * from alerts where user_id in (${inIds}) order by id`,
  };
  const out: Record<string, unknown> = {};
  for (const [name, query] of Object.entries(tables)) out[name] = await queryRows(db, query);
  return JSON.stringify(out, null, 1);
}
