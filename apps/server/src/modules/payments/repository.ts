// Payments and subscriptions (D-13 to D-18). D-17: one row per provider payment id, and the
// conditional updates below make a replayed return, a retried return and a webhook for the same
// payment settle it exactly once; the settling write, the deal and both notifications share one
// transaction (STYLE 5: pay + reveal together).
import type { Bilingual, CurrencyCode } from '@app/shared';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deals, localPaymentOrders, notifications, payments, subscriptions, users } from '../../db/schema.js';
import type { LocalOrder, LocalOrderStore } from '../../adapters/payments/local.js';
import type { LocalMomoOrder, LocalMomoStore } from '../../adapters/mobile-money/local.js';

export type PaymentRow = typeof payments.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
type NotificationRow = typeof notifications.$inferSelect;

export interface Notice {
  userId: string;
  notice: Bilingual;
}

/** D-15 revised: settling a fee unlocks one confirmed deal, named by its id. */
export interface Settlement {
  kind: 'unlock';
  dealId: string;
  acceptorId: string;
}

export function paymentsRepository(db: Db) {
  return {
    async insertPayment(row: typeof payments.$inferInsert): Promise<PaymentRow> {
      const [created] = await db.insert(payments).values(row).returning();
      return created!;
    },

    async paymentByProviderId(providerPaymentId: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
      return row;
    },

    async markFailed(id: string): Promise<void> {
      await db
        .update(payments)
        .set({ status: 'failed' })
        .where(and(eq(payments.id, id), eq(payments.status, 'pending')));
    },

    /**
     * Captures a pending payment and gives its deal contact access, with both notices, in one
     * transaction. Null when the payment was already settled (the caller reads the row again).
     * `granted: false` when the capture settles into nothing the payer is entitled to
     * (no settlement, the need taken by somebody else meanwhile, or the deal already paid, ended or
     * replaced): the row is then marked `refunded` in the same transaction, so that exactly one
     * caller gives the money back through the provider, and no notice is written.
     */
    async settle(input: {
      paymentId: string;
      payerId: string | null;
      capturedAt: Date;
      /** D-38: a mobile-money payment's operator and reference. */
      operator?: string | null;
      reference?: string | null;
      solutionId: string;
      settlement: Settlement | null;
      notices: Notice[];
    }): Promise<{ payment: PaymentRow; granted: boolean; notified: NotificationRow[] } | null> {
      return db.transaction(async (tx) => {
        const [captured] = await tx
          .update(payments)
          .set({
            status: 'captured',
            payerId: input.payerId,
            capturedAt: input.capturedAt,
            ...(input.operator ? { operator: input.operator } : {}),
            ...(input.reference ? { reference: input.reference } : {}),
          })
          // A voided order captured anyway (a capture already under way when it was voided) is still money taken.
          .where(and(eq(payments.id, input.paymentId), inArray(payments.status, ['pending', 'failed', 'voided'])))
          .returning();
        if (!captured) return null;
        const settlement = input.settlement;
        let granted = false;
        if (settlement) {
          // Only a deal still confirmed, and only once: a second payment for a paid deal grants nothing.
          const unlocked = await tx
            .update(deals)
            .set({ contactAccess: 'payment' })
            .where(
              and(eq(deals.id, settlement.dealId), eq(deals.state, 'accepted'), ne(deals.contactAccess, 'payment')),
            )
            .returning({ id: deals.id });
          granted = unlocked.length === 1;
        }
        if (!granted) {
          const [refunded] = await tx
            .update(payments)
            .set({ status: 'refunded' })
            .where(eq(payments.id, captured.id))
            .returning();
          return { payment: refunded!, granted, notified: [] };
        }
        const notified =
          input.notices.length > 0
            ? await tx
                .insert(notifications)
                .values(
                  input.notices.map((n) => ({
                    userId: n.userId,
                    messageEn: n.notice.en,
                    messageFr: n.notice.fr,
                    solutionId: input.solutionId,
                  })),
                )
                .returning()
            : [];
        return { payment: captured, granted, notified };
      });
    },

    /**
     * D-38: a mobile-money subscription payment confirmed by the provider: the pending row becomes
     * captured once (D-17); false when it was already settled.
     */
    async captureSubscriptionPayment(
      providerPaymentId: string,
      at: Date,
      operator: string | null,
      reference: string | null,
    ): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({ status: 'captured', capturedAt: at, operator, reference })
        .where(
          and(
            eq(payments.providerPaymentId, providerPaymentId),
            eq(payments.kind, 'subscription'),
            inArray(payments.status, ['pending', 'failed']),
          ),
        )
        .returning();
      return row;
    },

    /** The payer's orders for this post that could still be captured. */
    async openOrders(userId: string, solutionId: string): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            eq(payments.solutionId, solutionId),
            eq(payments.kind, 'onetime'),
            inArray(payments.status, ['pending', 'failed']),
          ),
        );
    },

    /** An order the server will never capture; false when it was captured (or voided) meanwhile. */
    async markVoided(id: string): Promise<boolean> {
      const rows = await db
        .update(payments)
        .set({ status: 'voided' })
        .where(and(eq(payments.id, id), inArray(payments.status, ['pending', 'failed'])))
        .returning({ id: payments.id });
      return rows.length === 1;
    },

    async paymentsOf(userId: string, limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit);
    },

    async person(userId: string) {
      const [row] = await db
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          mobile: users.mobileNo,
          language: users.language,
          country: users.country,
        })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      return row;
    },

    async insertSubscription(row: typeof subscriptions.$inferInsert): Promise<SubscriptionRow | undefined> {
      const [created] = await db.insert(subscriptions).values(row).onConflictDoNothing().returning();
      return created;
    },

    async subscriptionByProviderId(providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
      return row;
    },

    /** A pending subscription becomes active for its period; false when it was not pending (idempotent). */
    async activate(id: string, startAt: Date, endAt: Date): Promise<boolean> {
      const rows = await db
        .update(subscriptions)
        .set({ status: 'active', startAt, endAt })
        .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'pending')))
        .returning({ id: subscriptions.id });
      return rows.length === 1;
    },

    /** A renewal: the period ends no earlier than `endAt` (greatest: the same renewal twice changes nothing). */
    async extend(id: string, endAt: Date): Promise<void> {
      await db
        .update(subscriptions)
        .set({ endAt: sql`greatest(${subscriptions.endAt}, ${endAt.toISOString()}::timestamptz)` })
        .where(and(eq(subscriptions.id, id), inArray(subscriptions.status, ['active', 'cancelled'])));
    },

    async setStatus(id: string, status: 'cancelled' | 'expired', now: Date): Promise<void> {
      await db
        .update(subscriptions)
        .set({
          status,
          // An expired subscription ends now; a cancelled one keeps the period already paid for.
          ...(status === 'expired'
            ? { endAt: sql`least(${subscriptions.endAt}, ${now.toISOString()}::timestamptz)` }
            : {}),
        })
        .where(and(eq(subscriptions.id, id), ne(subscriptions.status, 'expired')));
    },

    /** A payment row settled at once (subscription charges, mobile money); an existing one is kept (D-17). */
    async recordCaptured(row: {
      userId: string;
      kind: 'onetime' | 'subscription';
      provider: string;
      providerPaymentId: string;
      amountMinor: number;
      currency: CurrencyCode;
      capturedAt: Date;
    }): Promise<boolean> {
      const rows = await db
        .insert(payments)
        .values({ ...row, status: 'captured' })
        .onConflictDoNothing()
        .returning({ id: payments.id });
      return rows.length === 1;
    },

    /**
     * D-18: a mobile-money subscription marked paid by an admin, with its payment, in one
     * transaction. The reference is kept as `mobile-money:<reference>`; the same reference twice
     * activates once. Null when the reference belongs to another user.
     */
    async markPaid(input: {
      userId: string;
      reference: string;
      amountMinor: number;
      currency: CurrencyCode;
      startAt: Date;
      endAt: Date;
    }): Promise<SubscriptionRow | null> {
      const key = `mobile-money:${input.reference}`;
      return db.transaction(async (tx) => {
        await tx
          .insert(subscriptions)
          .values({
            userId: input.userId,
            kind: 'yearly',
            status: 'active',
            provider: 'mobile-money',
            providerSubscriptionId: key,
            amountMinor: input.amountMinor,
            currency: input.currency,
            startAt: input.startAt,
            endAt: input.endAt,
          })
          .onConflictDoNothing();
        const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, key));
        if (row?.userId !== input.userId) return null;
        await tx
          .insert(payments)
          .values({
            userId: input.userId,
            kind: 'subscription',
            provider: 'mobile-money',
            providerPaymentId: key,
            amountMinor: row.amountMinor,
            currency: row.currency ?? input.currency,
            status: 'captured',
            capturedAt: row.startAt ?? input.startAt,
          })
          .onConflictDoNothing();
        return row;
      });
    },
  };
}
export type PaymentsRepository = ReturnType<typeof paymentsRepository>;

/** D-38: the same table keeps mobile-money checkouts; the card provider never sees them. */
const cardOrder = (row: typeof localPaymentOrders.$inferSelect | undefined): LocalOrder | undefined =>
  row && row.kind !== 'mobile_money' && row.state !== 'refused' ? (row as LocalOrder) : undefined;

/** D-1: the local payment provider's orders, shared by every instance through the database. */
export function localOrdersRepository(db: Db): LocalOrderStore {
  return {
    async insert(order) {
      await db.insert(localPaymentOrders).values(order);
    },
    async find(id) {
      return cardOrder(await db.query.localPaymentOrders.findFirst({ where: eq(localPaymentOrders.id, id) }));
    },
    async transition(id, from, to, payerId) {
      // One conditional update: two instances approving at once cannot both win.
      await db
        .update(localPaymentOrders)
        .set({ state: to, ...(payerId ? { payerId } : {}) })
        .where(and(eq(localPaymentOrders.id, id), inArray(localPaymentOrders.state, from)));
      return cardOrder(await db.query.localPaymentOrders.findFirst({ where: eq(localPaymentOrders.id, id) }));
    },
  };
}

/** D-38: the local mobile-money checkout's orders, in the same table as the local card orders. */
export function localMomoRepository(db: Db): LocalMomoStore {
  const toOrder = (row: typeof localPaymentOrders.$inferSelect | undefined): LocalMomoOrder | undefined =>
    row?.kind === 'mobile_money'
      ? {
          id: row.id,
          description: row.description,
          amountMinor: row.amountMinor,
          currency: row.currency,
          returnUrl: row.returnUrl,
          notifyUrl: row.notifyUrl ?? '',
          country: row.country,
          lang: row.lang === 'fr' ? 'fr' : 'en',
          state: row.state === 'approved' ? 'approved' : row.state === 'refused' ? 'refused' : 'created',
          operator: row.operator,
          phone: row.phone,
          payerId: row.payerId,
        }
      : undefined;
  const find = async (id: string) =>
    toOrder(await db.query.localPaymentOrders.findFirst({ where: eq(localPaymentOrders.id, id) }));
  return {
    async insert(order) {
      await db.insert(localPaymentOrders).values({
        id: order.id,
        kind: 'mobile_money',
        description: order.description,
        amountMinor: order.amountMinor,
        currency: order.currency,
        returnUrl: order.returnUrl,
        cancelUrl: order.returnUrl,
        notifyUrl: order.notifyUrl,
        country: order.country,
        lang: order.lang,
        state: 'created',
        phone: order.phone,
      });
    },
    find,
    async settle(id, to, extra) {
      // One conditional update: a double click approves once.
      await db
        .update(localPaymentOrders)
        .set({ state: to, operator: extra.operator, phone: extra.phone, payerId: extra.payerId })
        .where(
          and(
            eq(localPaymentOrders.id, id),
            eq(localPaymentOrders.kind, 'mobile_money'),
            eq(localPaymentOrders.state, 'created'),
          ),
        );
      return find(id);
    },
  };
}
