// The database schema, shared by PGlite and PostgreSQL (D-23: one migration set for both).
// Value lists come from @app/shared so the API, the web app and the database agree.
// Only SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept: core `point` + GiST, no PostGIS.
import { relations, sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  point,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import {
  BOOKING_UNITS,
  CATEGORY_IDS,
  CONTACT_ACCESS,
  CURRENCY_CODES,
  DEAL_STATES,
  REPORT_REASONS,
  REPORT_STATUSES,
  SOLUTION_STATUSES,
  USER_ROLES,
  type CurrencyCode,
} from '@app/shared';

export const languageEnum = pgEnum('language', ['en', 'fr']);
export const userRoleEnum = pgEnum('user_role', USER_ROLES);
export const categoryEnum = pgEnum('category', CATEGORY_IDS);
// D-6: Pending (listed), Accepted (a live deal exists), Deleted (soft delete by the owner).
export const solutionStatusEnum = pgEnum('solution_status', SOLUTION_STATUSES);
export const smsPurposeEnum = pgEnum('sms_purpose', ['register', 'forgot']);
// D-13: how the supplier side obtained contact access for a deal.
export const contactAccessEnum = pgEnum('contact_access', CONTACT_ACCESS);
export const paymentKindEnum = pgEnum('payment_kind', ['onetime', 'subscription']);
// `voided`, an order the server will never capture (shown to the payer as failed).
export const paymentStatusEnum = pgEnum('payment_status', ['pending', 'captured', 'failed', 'refunded', 'voided']);
export const subscriptionKindEnum = pgEnum('subscription_kind', ['trial', 'yearly']);
// 'pending' covers D-18 mobile money waiting for an admin and provider approvals not yet confirmed.
export const subscriptionStatusEnum = pgEnum('subscription_status', ['pending', 'active', 'expired', 'cancelled']);

/**
 * Index order that serves drizzle's `desc(column)` (plain SQL `DESC`, whose default is NULLS FIRST);
 * drizzle-kit's bare `.desc()` writes NULLS LAST, which such an ORDER BY cannot use.
 */
const newestFirst = (column: ExtraConfigColumn) => column.desc().nullsFirst();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true });
/** D-3: money is an integer amount of minor units with an ISO code. */
const currency = (name: string) => char(name, { length: 3 }).$type<CurrencyCode>();
const currencyCheck = (name: string) =>
  check(name, sql.raw(`currency in (${CURRENCY_CODES.map((c) => `'${c}'`).join(', ')})`));

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    // Nullable: a social sign-in may arrive without them, and D-12 erases them on account deletion.
    email: text('email'),
    mobileNo: text('mobile_no'),
    // Null for accounts that only sign in through Google or Facebook. D-8: argon2id.
    passwordHash: text('password_hash'),
    country: text('country'),
    physicalAddress: text('physical_address'),
    profilePic: text('profile_pic'),
    // Storage keys of the ID images of a `withID` account; only admins see them.
    idImages: jsonb('id_images').$type<string[]>().notNull().default([]),
    admin: boolean('admin').notNull().default(false),
    identityFlag: boolean('identity_flag').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
    vip: boolean('vip').notNull().default(false),
    googleAuth: boolean('google_auth').notNull().default(false),
    fbAuth: boolean('fb_auth').notNull().default(false),
    language: languageEnum('language').notNull().default('en'),
    // D-29 (migration 0017): what a person shows wherever shown, kept with the deals and reviews
    // that change them, so a list reads them without aggregating.
    completedDeals: integer('completed_deals').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    // When the e-mail was proven by a code sent to it, and the number by an SMS
    // code. Admin rights (ADMIN_EMAILS, ADMIN_PHONES) need the proof, never the address alone.
    emailVerifiedAt: tstz('email_verified_at'),
    mobileVerifiedAt: tstz('mobile_verified_at'),
    deletedAt: tstz('deleted_at'),
    // D-29 (migration 0021): set by an admin; a blocked user cannot sign in and has no session.
    blockedAt: tstz('blocked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_mobile_no_unique').on(t.mobileNo),
    // Stored lower-case so the plain unique index is case-insensitive.
    check('users_email_lower', sql`email = lower(email)`),
    check('users_mobile_e164', sql`mobile_no ~ '^\\+[1-9][0-9]{6,14}$'`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // D-9: only a hash of auth_key is stored.
    authKeyHash: text('auth_key_hash').notNull(),
    deviceToken: text('device_token'),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_auth_key_hash_unique').on(t.authKeyHash),
    // D-9: a login replaces the previous session, so a user has at most one row.
    uniqueIndex('sessions_one_per_user').on(t.userId),
  ],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobileNo: text('mobile_no').notNull(),
    purpose: smsPurposeEnum('purpose').notNull(),
    // D-10: 6 digits, stored hashed, 10 minutes, at most 5 wrong tries.
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    // A right code yields a single-use verification token that proves this number for this purpose.
    tokenHash: text('token_hash'),
    tokenExpiresAt: tstz('token_expires_at'),
    tokenUsedAt: tstz('token_used_at'),
    createdAt: createdAt(),
  },
  // D-10: the latest code and the sends of the last 15 minutes for one number and purpose.
  (t) => [index('sms_codes_mobile_purpose_created').on(t.mobileNo, t.purpose, newestFirst(t.createdAt))],
);

/**
 * Codes that prove a user owns their e-mail. 6 digits, stored hashed, for the
 * address they were sent to, 10 minutes, at most 5 wrong tries (as D-10's SMS codes).
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_codes_user_created').on(t.userId, newestFirst(t.createdAt))],
);

/** A one-time code that /middleware exchanges for a session: never a key in a URL. */
export const loginCodes = pgTable('login_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  needsCompletion: boolean('needs_completion').notNull().default(false),
  /** SHA-256 (hex) of the verifier the starting tab keeps: trading the code needs it. */
  bindingHash: text('binding_hash').notNull(),
  expiresAt: tstz('expires_at').notNull(),
  usedAt: tstz('used_at'),
  createdAt: createdAt(),
});

/** OAuth state and PKCE verifier between the redirect to a provider and its callback. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  /** SHA-256 (hex) of the starting tab's verifier, handed on to the login code. */
  bindingHash: text('binding_hash').notNull(),
  expiresAt: tstz('expires_at').notNull(),
  createdAt: createdAt(),
});

export const socialIdentities = pgTable(
  'social_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerSubject: text('provider_subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('social_identities_provider_subject_unique').on(t.provider, t.providerSubject),
    index('social_identities_user').on(t.userId),
  ],
);

export const solutions = pgTable(
  'solutions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userRole: userRoleEnum('user_role').notNull(),
    category: categoryEnum('category').notNull(),
    subCategoryId: text('sub_category_id').notNull(),
    subCategoryEn: text('sub_category_en').notNull(),
    subCategoryFr: text('sub_category_fr').notNull(),
    // D-30 (migration 0010): the poster's title, or an own proposition's first words; null means
    // the sub-category's name, read in the reader's language. At most 80 characters.
    title: text('title'),
    // D-3, D-4: the preset's prices or the own proposition with the other two derived.
    priceUsd: integer('price_usd').notNull(),
    priceEur: integer('price_eur').notNull(),
    priceXof: integer('price_xof').notNull(),
    description: text('description').notNull(),
    pickupStreetAddress: text('pickup_street_address'),
    pickupCity: text('pickup_city'),
    pickupRegion: text('pickup_region'),
    pickupCountry: text('pickup_country'),
    pickupPostalAddress: text('pickup_postal_address'),
    pickupDate: date('pickup_date'),
    // D-5: x = longitude, y = latitude (WGS84), indexed with GiST for viewport and nearest queries.
    // D-35 (migration 0025): the post's PUBLIC point, within 1 km of the true one, to 3 decimals
    // (lib/public-point.ts draws it); every public read and index uses it.
    location: point('location', { mode: 'xy' }).notNull(),
    // D-35: the true point, for the owner and the parties of a deal the owner confirmed only. NOT
    // NULL in the database; optional here because a row inserted without it takes `location` (a
    // trigger of migration 0025), as tests' fixtures do.
    exactLocation: point('exact_location', { mode: 'xy' }),
    // D-35: a shop or a depot shows its exact place: then `location` is `exact_location`.
    showExactLocation: boolean('show_exact_location').notNull().default(false),
    deliveryStreetAddress: text('delivery_street_address'),
    deliveryCity: text('delivery_city'),
    deliveryRegion: text('delivery_region'),
    deliveryCountry: text('delivery_country'),
    deliveryPostalAddress: text('delivery_postal_address'),
    deliveryDate: date('delivery_date'),
    deliveryLat: doublePrecision('delivery_lat'),
    deliveryLng: doublePrecision('delivery_lng'),
    status: solutionStatusEnum('status').notNull().default('Pending'),
    // D-29 (migration 0021): an admin hid the post; owner_blocked mirrors its owner's block. Either
    // keeps it off the map, the lists and search (the map-cell triggers and open-post indexes too).
    hidden: boolean('hidden').notNull().default(false),
    hiddenAt: tstz('hidden_at'),
    ownerBlocked: boolean('owner_blocked').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    deletedAt: tstz('deleted_at'),
    // D-33 (migration 0024): a post priced per day, night, hour or month is booked by date.
    unit: text('unit', { enum: BOOKING_UNITS }),
    capacity: integer('capacity').notNull().default(1),
    blocked: jsonb('blocked').$type<{ from: string; to: string }[]>().notNull().default([]),
    // D-33: a need's last day (pickup_date is its first).
    datesTo: date('dates_to'),
  },
  (t) => [
    index('solutions_location_gist').using('gist', t.location),
    // D-20: migration 0003_map_cells adds `solutions_open_location_gist`, a partial GiST index of open
    // posts that INCLUDEs user_role and category (which drizzle cannot declare), so the map counts,
    // clusters and filters a viewport from the index alone, without visiting the table.
    // Lists are newest first with an (created_at, id) cursor.
    index('solutions_role_status_created').on(t.userRole, t.status, newestFirst(t.createdAt), newestFirst(t.id)),
    index('solutions_category_role_status_created').on(
      t.category,
      t.userRole,
      t.status,
      newestFirst(t.createdAt),
      newestFirst(t.id),
    ),
    index('solutions_user_created').on(t.userId, newestFirst(t.createdAt)),
    check('solutions_prices_non_negative', sql`price_usd >= 0 and price_eur >= 0 and price_xof >= 0`),
    // D-5: coordinates validated to range in the database too.
    check('solutions_location_range', sql`location[0] between -180 and 180 and location[1] between -90 and 90`),
    check(
      'solutions_exact_location_range',
      sql`exact_location[0] between -180 and 180 and exact_location[1] between -90 and 90`,
    ),
    check(
      'solutions_delivery_range',
      sql`(delivery_lat is null or delivery_lat between -90 and 90) and (delivery_lng is null or delivery_lng between -180 and 180)`,
    ),
  ],
);

/**
 * D-20: open posts counted per grid cell at a few fixed zooms, with the sums of their coordinates
 * for the clusters' mean positions, so a map sums a few hundred kept cells instead of grouping
 * up to a million posts, and still shows a new post at once: triggers on solutions keep both
 * tables in step within the writer's transaction (migration 0003_map_cells). The cell of a post at
 * `zoom` is floor(lng / size), floor(lat / size) with size = 360 / 2^zoom / 4 degrees (cellSize in
 * modules/map); the kept zooms are listed in modules/map/repository.ts and in that migration.
 *
 * map_cells: by type and category, for filtered maps, at the zoomed-out zooms.
 */
export const mapCells = pgTable(
  'map_cells',
  {
    zoom: smallint('zoom').notNull(),
    cellX: integer('cell_x').notNull(),
    cellY: integer('cell_y').notNull(),
    userRole: userRoleEnum('user_role').notNull(),
    category: categoryEnum('category').notNull(),
    // Rows that fall to zero stay: deleting them would race with a concurrent insert's upsert. No
    // CHECK (count >= 0): PostgreSQL checks the proposed row of an upsert, a negative change, first.
    count: integer('count').notNull(),
    sumLng: doublePrecision('sum_lng').notNull(),
    sumLat: doublePrecision('sum_lat').notNull(),
  },
  (t) => [primaryKey({ name: 'map_cells_pkey', columns: [t.zoom, t.cellX, t.cellY, t.userRole, t.category] })],
);

/**
 * map_cell_totals: all open posts of a cell, for unfiltered maps (the usual view), down to city
 * zooms where a cell still holds tens of posts in a busy city; one row per cell instead of up to
 * 26 (types × categories). Zero rows stay, as in map_cells.
 */
export const mapCellTotals = pgTable(
  'map_cell_totals',
  {
    zoom: smallint('zoom').notNull(),
    cellX: integer('cell_x').notNull(),
    cellY: integer('cell_y').notNull(),
    count: integer('count').notNull(),
    sumLng: doublePrecision('sum_lng').notNull(),
    sumLat: doublePrecision('sum_lat').notNull(),
  },
  (t) => [primaryKey({ name: 'map_cell_totals_pkey', columns: [t.zoom, t.cellX, t.cellY] })],
);

export const solutionImages = pgTable(
  'solution_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    solutionId: uuid('solution_id')
      .notNull()
      .references(() => solutions.id, { onDelete: 'cascade' }),
    // D-7: at most 4 images per post.
    position: smallint('position').notNull(),
    fullKey: text('full_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    mime: text('mime').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('solution_images_solution_position').on(t.solutionId, t.position),
    check('solution_images_position_range', sql`"position" between 0 and 3`),
  ],
);

export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    solutionId: uuid('solution_id')
      .notNull()
      .references(() => solutions.id, { onDelete: 'cascade' }),
    acceptorId: uuid('acceptor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acceptedAt: tstz('accepted_at').notNull().defaultNow(),
    // D-6, D-13: how the supplier side obtained contact access; 'none' until it does (D-15).
    contactAccess: contactAccessEnum('contact_access').notNull().default('none'),
    // D-32: the deal's state in the graph of packages/shared/src/deals.ts (migration 0024).
    state: text('state', { enum: DEAL_STATES }).notNull().default('requested'),
    confirmedAt: tstz('confirmed_at'),
    // Every end (declined, withdrawn, expired, cancelled) sets it; the record stays.
    endedAt: tstz('ended_at'),
    endedReason: text('ended_reason'),
    // D-32: the requester's note, and a proposed price per unit in their currency with the three
    // catalogue currencies derived (D-4); null means the post's own price.
    note: text('note'),
    priceCurrency: text('price_currency', { enum: CURRENCY_CODES }),
    priceMinor: integer('price_minor'),
    priceUsd: integer('price_usd'),
    priceEur: integer('price_eur'),
    priceXof: integer('price_xof'),
    // D-33: the booking, copied from the post's unit at request time; null for a single-use post.
    unit: text('unit', { enum: BOOKING_UNITS }),
    fromAt: tstz('from_at'),
    toAt: tstz('to_at'),
    units: integer('units').notNull().default(1),
    // D-34: each party marks it done; a dispute freezes it until an admin settles it.
    completedAt: tstz('completed_at'),
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    doneOwnerAt: tstz('done_owner_at'),
    doneAcceptorAt: tstz('done_acceptor_at'),
    disputedAt: tstz('disputed_at'),
    disputedBy: uuid('disputed_by'),
    // The owner's reason for declining.
    reason: text('reason'),
    remindedAt: tstz('reminded_at'),
  },
  (t) => [
    // D-27: the fee paid for a pair (post, acceptor) is found again on a re-accept.
    index('deals_solution_acceptor').on(t.solutionId, t.acceptorId),
    // D-32: one open request per person and post (confirming locks the post's row instead).
    uniqueIndex('deals_one_request_per_person')
      .on(t.solutionId, t.acceptorId)
      .where(sql`state = 'requested'`),
    index('deals_acceptor_accepted').on(t.acceptorId, newestFirst(t.acceptedAt)),
    index('deals_state_accepted').on(t.state, t.acceptedAt),
    index('deals_solution_state').on(t.solutionId, t.state),
  ],
);

/** D-28: the messages of a deal's two parties, text only, stored as typed. */
export const dealMessages = pgTable(
  'deal_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('deal_messages_deal_created').on(t.dealId, t.createdAt, t.id),
    index('deal_messages_unread')
      .on(t.dealId, t.senderId)
      .where(sql`read_at is null`),
    check('deal_messages_text_length', sql`char_length(text) between 1 and 1000`),
  ],
);

/** D-29: one rating per party of a completed deal, of the other party. */
export const dealReviews = pgTable(
  'deal_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    text: text('text'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deal_reviews_one_per_author').on(t.dealId, t.authorId),
    index('deal_reviews_subject_created').on(t.subjectId, newestFirst(t.createdAt)),
    check('deal_reviews_rating_range', sql`rating between 1 and 5`),
    check('deal_reviews_text_length', sql`text is null or char_length(text) <= 500`),
  ],
);

export const visits = pgTable(
  'visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    solutionId: uuid('solution_id')
      .notNull()
      .references(() => solutions.id, { onDelete: 'cascade' }),
    visitorUserId: uuid('visitor_user_id').references(() => users.id, { onDelete: 'set null' }),
    visitorFirstName: text('visitor_first_name'),
    visitorMobile: text('visitor_mobile'),
    createdAt: createdAt(),
  },
  (t) => [index('visits_solution_created').on(t.solutionId, newestFirst(t.createdAt))],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // D-21: stored with both texts.
    messageEn: text('message_en').notNull(),
    messageFr: text('message_fr').notNull(),
    solutionId: uuid('solution_id').references(() => solutions.id, { onDelete: 'set null' }),
    read: boolean('read').notNull().default(false),
    // D-28: a message notice's deal: reading the thread marks it read (migration 0027).
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_created').on(t.userId, newestFirst(t.createdAt))],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Restrict: money records outlive accounts (D-12 deletes softly and erases contacts instead).
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    solutionId: uuid('solution_id').references(() => solutions.id, { onDelete: 'set null' }),
    // D-15 revised (migration 0024): the confirmed deal a fee pays for.
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    kind: paymentKindEnum('kind').notNull(),
    provider: text('provider').notNull(),
    // D-17: return URL, retried return and webhook all land on this one row.
    providerPaymentId: text('provider_payment_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: currency('currency').notNull(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    payerId: text('payer_id'),
    createdAt: createdAt(),
    capturedAt: tstz('captured_at'),
    // D-38 (migration 0026): the mobile-money operator and the provider's reference, for the receipt.
    operator: text('operator'),
    reference: text('reference'),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_id_unique').on(t.providerPaymentId),
    index('payments_user_created').on(t.userId, newestFirst(t.createdAt)),
    check('payments_amount_non_negative', sql`amount_minor >= 0`),
    currencyCheck('payments_currency_known'),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: subscriptionKindEnum('kind').notNull(),
    status: subscriptionStatusEnum('status').notNull(),
    // Null for the free trial, which involves no provider.
    provider: text('provider'),
    providerSubscriptionId: text('provider_subscription_id'),
    amountMinor: integer('amount_minor').notNull().default(0),
    currency: currency('currency'),
    startAt: tstz('start_at'),
    endAt: tstz('end_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_subscription_id_unique').on(t.providerSubscriptionId),
    // D-16: one free trial per user, ever.
    uniqueIndex('subscriptions_one_trial_per_user')
      .on(t.userId)
      .where(sql`kind = 'trial'`),
    index('subscriptions_user_end').on(t.userId, newestFirst(t.endAt)),
    check('subscriptions_amount_non_negative', sql`amount_minor >= 0`),
    currencyCheck('subscriptions_currency_known'),
  ],
);

/** D-29 (migration 0021): a report of a post or a user; admins list and close them. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    solutionId: uuid('solution_id').references(() => solutions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    text: text('text'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    closedAt: tstz('closed_at'),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('reports_target', sql`solution_id is not null or user_id is not null`),
    index('reports_status_created').on(t.status.desc(), newestFirst(t.createdAt)),
  ],
);

// Relations for `db.query.*` reads (a post with its owner and images, a deal with both sides).
export const usersRelations = relations(users, ({ many }) => ({
  solutions: many(solutions),
  acceptedDeals: many(deals),
  subscriptions: many(subscriptions),
}));

export const solutionsRelations = relations(solutions, ({ one, many }) => ({
  user: one(users, { fields: [solutions.userId], references: [users.id] }),
  images: many(solutionImages),
  deals: many(deals),
}));

export const solutionImagesRelations = relations(solutionImages, ({ one }) => ({
  solution: one(solutions, { fields: [solutionImages.solutionId], references: [solutions.id] }),
}));

export const dealsRelations = relations(deals, ({ one }) => ({
  solution: one(solutions, { fields: [deals.solutionId], references: [solutions.id] }),
  acceptor: one(users, { fields: [deals.acceptorId], references: [users.id] }),
}));

export const subscriptionsRelations = relations(subscriptions, ({ one }) => ({
  user: one(users, { fields: [subscriptions.userId], references: [users.id] }),
}));

/**
 * D-1: the orders of the local payment provider (never used in production). In the database, not
 * in one instance's memory, so an order made on one instance is approved and captured on another.
 */
export const localPaymentOrders = pgTable(
  'local_payment_orders',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['order', 'subscription', 'mobile_money'] }).notNull(),
    description: text('description').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: currency('currency').notNull(),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    state: text('state', { enum: ['created', 'approved', 'captured', 'cancelled', 'refunded', 'refused'] })
      .notNull()
      .default('created'),
    payerId: text('payer_id'),
    createdAt: createdAt(),
    // D-38 (migration 0026): the local stand-in for CinetPay's checkout.
    notifyUrl: text('notify_url'),
    country: text('country'),
    lang: text('lang'),
    operator: text('operator'),
    phone: text('phone'),
  },
  (t) => [check('local_payment_orders_amount_non_negative', sql`${t.amountMinor} >= 0`)],
);

/**
 * D-31: one row per (user, Idempotency-Key) of a creating POST/PUT (modules/idempotency/plugin.ts). While
 * the first request runs it is `pending`, leased until `locked_until` (a crashed instance's claim
 * lapses); then `done` with the first answer, which a retry within 24 hours gets again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    claim: text('claim').notNull(),
    state: text('state', { enum: ['pending', 'done'] })
      .notNull()
      .default('pending'),
    statusCode: smallint('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    lockedUntil: tstz('locked_until').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.userId, t.key] }),
    check('idempotency_keys_state_check', sql`${t.state} IN ('pending', 'done')`),
    index('idempotency_keys_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * D-37 (migration 0030): what the USSD menu keeps about a number's user between sessions: the town
 * they gave, their last search, and the USSD session that registered them.
 */
export const ussdProfiles = pgTable('ussd_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  registeredSession: text('registered_session'),
  town: text('town'),
  townLat: doublePrecision('town_lat'),
  townLng: doublePrecision('town_lng'),
  lastSearch: jsonb('last_search'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
