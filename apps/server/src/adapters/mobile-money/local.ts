// D-38: the local stand-in for CinetPay, the default (never production). Its checkout is a page of
// this app, in the payer's language, listing the operators of the payer's country; it asks for the
// number, then approves or refuses, and notifies the app as CinetPay does: a form post signed with
// an `x-token`, to the same notify route, whose status check then reads this adapter's own store.
import { randomBytes } from 'node:crypto';
import { formatMoney, operatorsFor, type CurrencyCode } from '@app/shared';
import {
  cinetpayToken,
  verifyCinetpayToken,
  type MobileMoneyAdapter,
  type MobileMoneyStart,
  type MobileMoneyStatus,
  type NotificationFields,
  type NotificationHeaders,
} from './mobile-money-adapter.js';

export interface LocalMomoOrder {
  id: string;
  description: string;
  amountMinor: number;
  currency: CurrencyCode;
  returnUrl: string;
  notifyUrl: string;
  country: string | null;
  lang: 'fr' | 'en';
  state: 'created' | 'approved' | 'refused';
  operator: string | null;
  phone: string | null;
  payerId: string | null;
}

export interface LocalMomoStore {
  insert(order: LocalMomoOrder): Promise<void>;
  find(id: string): Promise<LocalMomoOrder | undefined>;
  /** From `created` only; answers the order as it now is (undefined when unknown). */
  settle(
    id: string,
    to: 'approved' | 'refused',
    extra: { operator: string | null; phone: string | null; payerId: string },
  ): Promise<LocalMomoOrder | undefined>;
}

export function memoryLocalMomo(): LocalMomoStore {
  const orders = new Map<string, LocalMomoOrder>();
  return {
    async insert(order) {
      orders.set(order.id, { ...order });
    },
    async find(id) {
      const order = orders.get(id);
      return order && { ...order };
    },
    async settle(id, to, extra) {
      const order = orders.get(id);
      if (order?.state === 'created') Object.assign(order, { state: to }, extra);
      return order && { ...order };
    },
  };
}

export const LOCAL_MOMO_PATH = '/api/payment/mobile-money/checkout';
/** The site id the local stand-in puts in its notifications. */
export const LOCAL_SITE_ID = 'LOCAL';

/** Sends a notification to the app's notify route (the app injects it into itself). */
export type Deliver = (fields: Record<string, string>, headers: Record<string, string>) => Promise<void>;

/** The service's descriptions (written for CinetPay, in English) in the checkout's language. */
const localDescription = (text: string, lang: 'fr' | 'en') =>
  lang === 'en'
    ? text
    : text.replace(/^(\d+)% fee: /, 'Commission de $1 % : ').replace(/^Yearly subscription$/, 'Abonnement annuel');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const TEXT = {
  en: {
    title: 'Pay by mobile money',
    note: 'No money moves: this page stands in for CinetPay on this machine.',
    operator: 'Operator',
    phone: 'Mobile money number',
    approve: 'Approve the payment',
    refuse: 'Refuse',
    done: { approved: 'This payment was approved.', refused: 'This payment was refused.' },
    back: 'Back to the app',
  },
  fr: {
    title: 'Payer par mobile money',
    note: 'Aucun argent ne circule : cette page remplace CinetPay sur cette machine.',
    operator: 'Opérateur',
    phone: 'Numéro mobile money',
    approve: 'Approuver le paiement',
    refuse: 'Refuser',
    done: { approved: 'Ce paiement a été approuvé.', refused: 'Ce paiement a été refusé.' },
    back: "Retour à l'application",
  },
} as const;

export class LocalMobileMoneyAdapter implements MobileMoneyAdapter {
  readonly name = 'local';
  readonly #orders: LocalMomoStore;
  readonly #secretKey: string;
  #deliver: Deliver | null = null;

  constructor(orders: LocalMomoStore = memoryLocalMomo(), secretKey = 'local-mobile-money-secret') {
    this.#orders = orders;
    this.#secretKey = secretKey;
  }

  /** The app's own notify route; set once the app is built. */
  connect(deliver: Deliver): void {
    this.#deliver = deliver;
  }

  async start(input: MobileMoneyStart): Promise<{ url: string }> {
    await this.#orders.insert({
      id: input.transactionId,
      description: input.description,
      amountMinor: input.amountMinor,
      currency: input.currency,
      returnUrl: input.returnUrl,
      notifyUrl: input.notifyUrl,
      country: input.customer.country,
      lang: input.lang,
      state: 'created',
      operator: null,
      phone: input.customer.phone,
      payerId: null,
    });
    return { url: `${LOCAL_MOMO_PATH}/${encodeURIComponent(input.transactionId)}` };
  }

  verifyNotification(headers: NotificationHeaders, fields: NotificationFields): string | null {
    if (fields.cpm_site_id !== LOCAL_SITE_ID) return null;
    return verifyCinetpayToken(headers, fields, this.#secretKey);
  }

  async check(transactionId: string): Promise<MobileMoneyStatus> {
    const order = await this.#orders.find(transactionId);
    if (!order) return { status: 'REFUSED', amountMinor: null, currency: null, operator: null, reference: null };
    return {
      status: order.state === 'approved' ? 'ACCEPTED' : order.state === 'refused' ? 'REFUSED' : 'PENDING',
      amountMinor: order.amountMinor,
      currency: order.currency,
      operator: order.operator,
      reference: order.payerId,
    };
  }

  /** The checkout page: a form, no script (the CSP allows none inline). Null for an unknown order. */
  async page(id: string): Promise<string | null> {
    const order = await this.#orders.find(id);
    if (!order) return null;
    const t = TEXT[order.lang];
    const amount = formatMoney(order.amountMinor, order.currency, order.lang === 'fr' ? 'fr-ca' : 'en-us');
    const base = `${LOCAL_MOMO_PATH}/${encodeURIComponent(id)}`;
    const operators = operatorsFor(order.country, order.currency);
    const body =
      order.state === 'created'
        ? `<form method="post" action="${base}/approve">
<fieldset><legend>${t.operator}</legend>
${operators
  .map(
    (name, i) =>
      `<label class="op"><input type="radio" name="operator" value="${escapeHtml(name)}"${i === 0 ? ' checked' : ''} required> ${escapeHtml(name)}</label>`,
  )
  .join('\n')}
</fieldset>
<label for="phone">${t.phone}</label>
<input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" required minlength="6" maxlength="20" pattern="[+0-9 ]{6,20}" value="${escapeHtml(order.phone ?? '')}">
<button class="approve" type="submit">${t.approve}</button>
</form>
<form method="post" action="${base}/refuse"><button type="submit">${t.refuse}</button></form>`
        : `<p role="status">${t.done[order.state]}</p><p><a href="${escapeHtml(order.returnUrl)}">${t.back}</a></p>`;
    return `<!doctype html>
<html lang="${order.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:1.5rem auto;padding:0 1rem;color:#222}
.card{border:1px solid #ccc;border-radius:8px;padding:1rem}.amount{font-size:1.6rem;font-weight:600;margin:.5rem 0}
fieldset{border:1px solid #ddd;border-radius:6px;margin:1rem 0;padding:.5rem .75rem}.op{display:block;padding:.45rem 0;font-size:1rem}
label[for=phone]{display:block;font-weight:600;margin-top:.5rem}input[type=tel]{width:100%;box-sizing:border-box;font-size:1.1rem;padding:.55rem;margin:.35rem 0 1rem;border:1px solid #888;border-radius:6px}
form{margin:0 0 .75rem}button{width:100%;font-size:1rem;padding:.7rem 1.2rem;border-radius:6px;border:1px solid #888;cursor:pointer;background:#fff}
.approve{background:#1f7a3a;color:#fff;border-color:#1f7a3a}.note{color:#555;font-size:.9rem}</style></head>
<body><main class="card"><h1>${t.title}</h1>
<p class="note">${t.note}</p>
<p>${escapeHtml(localDescription(order.description, order.lang))}</p><p class="amount" data-testid="amount">${escapeHtml(amount)}</p>
${body}
</main></body></html>`;
  }

  /**
   * The payer approves (with an operator and a number) or refuses: the order settles once, the app
   * is notified as CinetPay would, and the browser goes to the return URL. Null for an unknown order.
   */
  async decide(id: string, to: 'approved' | 'refused', operator?: string, phone?: string): Promise<string | null> {
    const before = await this.#orders.find(id);
    if (!before) return null;
    const allowed = operatorsFor(before.country, before.currency);
    const chosen = operator && allowed.includes(operator) ? operator : to === 'approved' ? (allowed[0] ?? null) : null;
    const order = await this.#orders.settle(id, to, {
      operator: chosen,
      phone: phone?.trim() || before.phone,
      payerId: `MM-${randomBytes(6).toString('hex').toUpperCase()}`,
    });
    if (!order) return null;
    if (this.#deliver && order.state !== 'created') {
      const fields: Record<string, string> = {
        cpm_site_id: LOCAL_SITE_ID,
        cpm_trans_id: order.id,
        cpm_trans_date: new Date().toISOString().slice(0, 19).replace('T', ' '),
        cpm_amount: String(Math.round(order.amountMinor / (order.currency === 'CDF' ? 100 : 1))),
        cpm_currency: order.currency,
        signature: randomBytes(16).toString('hex'),
        payment_method: order.operator ?? '',
        cel_phone_num: order.phone ?? '',
        cpm_phone_prefixe: '',
        cpm_language: order.lang,
        cpm_version: 'V4',
        cpm_payment_config: 'Single',
        cpm_page_action: 'Payment',
        cpm_custom: order.id,
        cpm_designation: order.description,
        cpm_error_message: order.state === 'approved' ? 'SUCCES' : 'TRANSACTION_CANCEL',
      };
      await this.#deliver(fields, { 'x-token': cinetpayToken(fields, this.#secretKey) });
    }
    return order.returnUrl;
  }
}
