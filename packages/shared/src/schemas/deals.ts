// Deals and notifications calls of API.md, and the deal as both parties see it (
// D-27 to D-29: API.md's "Added in the second round").
import { z } from 'zod';
import { BOOKING_UNITS } from '../bookings.js';
import { DEAL_STATES, DECLINE_REASON_MAX, REQUEST_NOTE_MAX } from '../deals.js';
import { CURRENCY_CODES } from '../money.js';
import { stripBidiControls } from '../text-rules.js';
import { idSchema } from './common.js';
import { solutionSchema } from './records.js';

/** Free text people write to each other, without bidirectional overrides. */
const writtenText = (max: number) => z.string().transform(stripBidiControls).pipe(z.string().trim().max(max));

export const CONTACT_ACCESS = ['subscription', 'trial', 'payment', 'none'] as const;
export type ContactAccess = (typeof CONTACT_ACCESS)[number];

/** An amount as API.md writes money: a decimal string ("15.00", "7900") and its currency. */
export const moneySchema = z.object({ amount: z.string(), currency: z.enum(CURRENCY_CODES) }).meta({ id: 'Money' });
export type Money = z.infer<typeof moneySchema>;

export const acceptBodySchema = z.object({
  user_id: z.uuid(),
  /** SPEC 7 sends the acceptor again; when present it must be the caller too. */
  accepted_by: z.uuid().optional(),
  solution_id: z.uuid(),
  /** D-32: a short note to the owner; no phone number, e-mail or link. */
  note: writtenText(REQUEST_NOTE_MAX).optional(),
  /** D-32: a proposed price per unit, in the requester's currency. */
  price: z
    .object({ amount: z.union([z.string().max(20), z.number()]).transform(String), currency: z.enum(CURRENCY_CODES) })
    .optional(),
  /** D-33: plain dates (date-times for a post priced per hour); required for a bookable post. */
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
});
export const rejectBodySchema = z.object({ user_id: z.uuid(), solution_id: z.uuid() });
export const userIdParamsSchema = z.object({ userId: z.uuid() });

/** The deal as `solutionAccepted` records it; the deal page reads `Deal` below. */
export const acceptedDealSchema = z
  .object({
    _id: z.string(),
    solution_id: z.string(),
    acceptor_id: z.string(),
    accepted_at: z.string(),
    contact_access: z.enum(CONTACT_ACCESS),
    /** D-32: `requested` until the owner confirms. */
    status: z.enum(DEAL_STATES),
  })
  .meta({ id: 'AcceptedDeal' });
export type AcceptedDeal = z.infer<typeof acceptedDealSchema>;

export const acceptResultSchema = z.object({ solution: solutionSchema, deal: acceptedDealSchema });

/** SPEC 7: `id` is the notification, `_id` the user. */
export const updateNotificationBodySchema = z.object({ id: z.uuid(), _id: z.uuid() });

// ---- The deal page, messages, completion, reviews, reports ----

/** D-29: average of 1–5 ratings (one decimal), null while nobody has rated. */
export const ratingSchema = z.object({ average: z.number().min(1).max(5).nullable(), count: z.number().int().min(0) });
export type Rating = z.infer<typeof ratingSchema>;

/**
 * D-27: a person as another user sees them. `verified` and `vip` are the badges; `member_since`
 * is a plain date. Contacts only per D-14/D-27 (never on a card).
 */
export const personSchema = z
  .object({
    _id: idSchema,
    firstName: z.string(),
    verified: z.boolean(),
    vip: z.boolean(),
    member_since: z.string(),
    completed_deals: z.number().int().min(0),
    rating: ratingSchema,
    /** D-32, the owner's list of requests only: km from the post to where they last posted. */
    distance_km: z.number().min(0).optional(),
    email: z.string().optional(),
    mobile_no: z.string().optional(),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof personSchema>;

export const DEAL_STATUSES = DEAL_STATES;
export type DealStatus = (typeof DEAL_STATUSES)[number];
export const DEAL_ROLES = ['owner', 'acceptor'] as const;
export type DealRole = (typeof DEAL_ROLES)[number];

export const REVIEW_TEXT_MAX = 500;
export const MESSAGE_TEXT_MAX = 1000;
/** D-29: the other party may dispute a completion within this many days. */
export const DISPUTE_WINDOW_DAYS = 7;

export const reviewSchema = z
  .object({
    _id: idSchema,
    deal_id: idSchema,
    /** Who wrote it (first name only). */
    from: z.object({ _id: idSchema, firstName: z.string() }),
    rating: z.number().int().min(1).max(5),
    text: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

export const dealSchema = z
  .object({
    _id: idSchema,
    solution: solutionSchema,
    /** The caller's side. */
    role: z.enum(DEAL_ROLES),
    counterpart: personSchema,
    /** D-27: whether the two can see each other's contacts and write to each other. */
    contact_access: z.boolean(),
    status: z.enum(DEAL_STATUSES),
    /** When the request was made. */
    accepted_at: z.string(),
    /** D-32: when the owner confirmed it. */
    confirmed_at: z.string().optional(),
    /** D-32: the requester's note and proposed price per unit. */
    note: z.string().optional(),
    price: moneySchema.optional(),
    /** D-33: the booked dates, the units they make and the deal's total (unit price × units). */
    unit: z.enum(BOOKING_UNITS).optional(),
    from: z.string().optional(),
    to: z.string().optional(),
    units: z.number().int().min(1).optional(),
    total: moneySchema.optional(),
    /** D-15 revised: the supplier side's fee, 15% of the total; shown to the supplier side only. */
    fee: moneySchema
      .extend({
        paid: z.boolean(),
        /** What the card payment charges while only dollars can be charged (D-38 brings mobile money). */
        charged: moneySchema.optional(),
      })
      .optional(),
    /** When the request expires (requested) or the unpaid fee lapses (accepted without access). */
    expires_at: z.string().optional(),
    /** The owner's reason for declining, as they wrote it. */
    reason: z.string().optional(),
    /** D-34: who marked it done, and whether a dispute froze it. */
    done_by_me: z.boolean(),
    done_by_other: z.boolean(),
    disputed: z.boolean(),
    /** D-34: completed by itself this long after one party marked it done, unless disputed. */
    auto_complete_at: z.string().optional(),
    completed_at: z.string().optional(),
    /** The user id of the party who marked it completed. */
    completed_by: idSchema.optional(),
    /** The caller's review of the counterpart, once written. */
    my_review: reviewSchema.optional(),
    /** Messages from the counterpart the caller has not read yet. */
    unread_count: z.number().int().min(0),
  })
  .meta({ id: 'Deal' });
export type Deal = z.infer<typeof dealSchema>;

export const dealIdParamsSchema = z.object({ dealId: z.uuid() });
export const declineBodySchema = z.object({ reason: writtenText(DECLINE_REASON_MAX).optional() }).default({});
/** D-34: a deal frozen by a dispute, as the admin reports screen lists it. */
export const disputedDealSchema = z
  .object({
    _id: idSchema,
    solution_id: idSchema,
    title: z.object({ en: z.string(), fr: z.string() }),
    owner: z.object({ _id: idSchema, firstName: z.string() }),
    acceptor: z.object({ _id: idSchema, firstName: z.string() }),
    disputed_by: idSchema.nullable(),
    disputed_at: z.string(),
  })
  .meta({ id: 'DisputedDeal' });
export type DisputedDeal = z.infer<typeof disputedDealSchema>;
/** D-34: an admin ends a disputed deal. */
export const settleBodySchema = z.object({ outcome: z.enum(['completed', 'cancelled']) });

/** D-33: the owner's capacity and blocked dates (plain dates, both count). */
export const dateRangeSchema = z.object({ from: z.iso.date(), to: z.iso.date() });
export const availabilityBodySchema = z.object({
  capacity: z.number().int().min(1).max(1000).optional(),
  blocked: z.array(dateRangeSchema).max(100).optional(),
});
export const dealListQuerySchema = z.object({ status: z.enum(DEAL_STATUSES).optional() });
/** GET /api/deals/unread: the header's badge (messages from counterparts not read yet). */
export const unreadCountSchema = z.object({ count: z.number().int().min(0) });

export const messageSchema = z
  .object({
    _id: idSchema,
    deal_id: idSchema,
    /** The author's user id. */
    from: idSchema,
    /** Stored as typed: the page escapes it (text only, D-28). */
    text: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof messageSchema>;
export const messageListQuerySchema = z.object({ cursor: z.string().max(200).optional() });
export const newMessageBodySchema = z.object({ text: writtenText(MESSAGE_TEXT_MAX).pipe(z.string().min(1)) });

export const newReviewBodySchema = z.object({
  rating: z.number().int().min(1).max(5),
  text: writtenText(REVIEW_TEXT_MAX)
    .nullish()
    .transform((v) => (v ? v : null)),
});

/** GET /api/users/:userId/card: a person without contacts and their latest reviews. */
export const userCardSchema = personSchema
  .omit({ email: true, mobile_no: true })
  .extend({ reviews: z.array(reviewSchema) })
  .meta({ id: 'UserCard' });
export type UserCard = z.infer<typeof userCardSchema>;

export const REPORT_REASONS = ['scam', 'spam', 'offensive', 'wrong_info', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_TEXT_MAX = 1000;
export const newReportBodySchema = z
  .object({
    solution_id: z.uuid().optional(),
    user_id: z.uuid().optional(),
    reason: z.enum(REPORT_REASONS),
    text: writtenText(REPORT_TEXT_MAX)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine((r) => r.solution_id !== undefined || r.user_id !== undefined, {
    message: 'Required',
    path: ['solution_id'],
  })
  // The same rule for the OpenAPI document, which cannot see a refine: a post, a user or both.
  .meta({ anyOf: [{ required: ['solution_id'] }, { required: ['user_id'] }] });

export const REPORT_STATUSES = ['open', 'closed'] as const;
export const reportSchema = z
  .object({
    _id: idSchema,
    reason: z.enum(REPORT_REASONS),
    text: z.string().nullable(),
    status: z.enum(REPORT_STATUSES),
    created_at: z.string(),
    reporter: z.object({ _id: idSchema, firstName: z.string() }),
    /** The reported post, if any: its owner, title, sub-category name and whether an admin hid it. */
    solution: z
      .object({
        _id: idSchema,
        /** D-30: the stored title; null when the post is named by its sub-category. */
        title: z.string().nullable().optional(),
        sub_category: z.object({ en: z.string(), fr: z.string() }),
        hidden: z.boolean(),
        user_id: idSchema,
      })
      .nullable(),
    /** The reported user (or the reported post's owner when only a post was reported). */
    user: z.object({ _id: idSchema, firstName: z.string(), blocked: z.boolean() }).nullable(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof reportSchema>;

/** Admin actions (D-29), documented on the routes: hide/show a post, block/unblock a user, close a report. */
export const adminHideBodySchema = z.object({ hidden: z.boolean() });
export const adminBlockBodySchema = z.object({ blocked: z.boolean() });
export const adminReportUpdateBodySchema = z.object({ status: z.enum(REPORT_STATUSES) });
export const reportIdParamsSchema = z.object({ reportId: z.uuid() });
