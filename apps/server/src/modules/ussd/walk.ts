// D-37: the pieces every USSD menu is built of. Africa's Talking posts the whole session's answers
// so far (`text`, joined by `*`) at each step; a menu reads them one by one from the start, and
// the first answer not yet given is the screen to show. Nothing is written until a menu's last
// confirmation, so a session that ends halfway changes nothing.
import { TEXTS, USSD_SCREEN_MAX, type Lang, type Texts } from './texts.js';

export interface Screen {
  /** `CON ` (more to come) or `END ` (the last screen), then the text. */
  reply: string;
  end: boolean;
}

export const con = (text: string): Screen => ({ reply: `CON ${text}`, end: false });
export const end = (text: string): Screen => ({ reply: `END ${text}`, end: true });

/** The answers of a session, read in order. */
export class Answers {
  #at = 0;
  constructor(private readonly list: readonly string[]) {}
  static of(text: string): Answers {
    return new Answers(text === '' ? [] : text.split('*').map((a) => a.trim()));
  }
  next(): string | undefined {
    return this.list[this.#at++];
  }
  skip(count: number): void {
    this.#at += count;
  }
}

/** Thrown by a menu to end the session with a screen (a wrong choice, a refused input). */
export class EndWith extends Error {
  constructor(readonly screen: Screen) {
    super(screen.reply);
  }
}
export const invalid = (t: Texts, code: string): EndWith => new EndWith(end(t.invalid(code)));

/** Cuts a text to `max` characters, with an ellipsis when cut. */
export const clip = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1)).trimEnd()}…`;

/** The longest item a list shows, so that a page holds several. */
export const ITEM_MAX = 40;

/**
 * The pages of a numbered list under a header, each fitting one screen with its "9. More" line;
 * each item clipped to `itemMax` characters.
 */
export function pagesOf(header: string, items: string[], more: string, itemMax = ITEM_MAX): string[][] {
  const moreLine = `\n9. ${more}`;
  const room = Math.min(itemMax, USSD_SCREEN_MAX - header.length - moreLine.length - 4);
  const clipped = items.map((i) => clip(i, room));
  const pages: string[][] = [];
  let page: string[] = [];
  let length = header.length + moreLine.length;
  for (const item of clipped) {
    const line = `\n${page.length + 1}. ${item}`.length;
    if (page.length === 8 || (page.length > 0 && length + line > USSD_SCREEN_MAX)) {
      pages.push(page);
      page = [];
      length = header.length + moreLine.length;
    }
    page.push(item);
    length += `\n${page.length}. ${item}`.length;
  }
  if (page.length) pages.push(page);
  return pages;
}

/**
 * Reads a choice from a numbered list (paged with "9. More"): the index chosen, or the screen
 * to show while no choice is made yet.
 */
export function choose(
  answers: Answers,
  header: string,
  items: string[],
  t: Texts,
  code: string,
  itemMax = ITEM_MAX,
): { index: number } | { screen: Screen } {
  const pages = pagesOf(header, items, t.more, itemMax);
  let pageIndex = 0;
  let offset = 0;
  for (;;) {
    const page = pages[pageIndex] ?? [];
    const hasMore = pageIndex < pages.length - 1;
    const answer = answers.next();
    if (answer === undefined) {
      const lines = page.map((item, i) => `${i + 1}. ${item}`);
      if (hasMore) lines.push(`9. ${t.more}`);
      return { screen: con([header, ...lines].join('\n')) };
    }
    if (answer === '9' && hasMore) {
      offset += page.length;
      pageIndex += 1;
      continue;
    }
    const n = Number(answer);
    if (!/^\d$/.test(answer) || n < 1 || n > page.length) throw invalid(t, code);
    return { index: offset + n - 1 };
  }
}

/** A yes/no screen answered 1 (yes) or 2 (no); undefined while unanswered. */
export function yesNo(answers: Answers, t: Texts, code: string): boolean | undefined {
  const answer = answers.next();
  if (answer === undefined) return undefined;
  if (answer === '1') return true;
  if (answer === '2') return false;
  throw invalid(t, code);
}

const DAY_MS = 86_400_000;

/**
 * A day typed as DDMM (this year) or DDMMYYYY, as a plain date; refused (EndWith) when it does not
 * exist or is past. A basic phone's keypad has digits, * and # only.
 */
export function typedDay(answer: string, now: Date, t: Texts): string {
  const m = /^(\d{2})(\d{2})(\d{4})?$/.exec(answer);
  const year = m?.[3] ? Number(m[3]) : now.getUTCFullYear();
  const day = Number(m?.[1]);
  const month = Number(m?.[2]);
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  if (!m || date.getUTCDate() !== day || date.getUTCMonth() !== month - 1 || ms < today)
    throw new EndWith(end(t.pastDate));
  return date.toISOString().slice(0, 10);
}

/** A plain date as a phone shows it: 24/12. */
export const shortDay = (plain: string): string => `${plain.slice(8, 10)}/${plain.slice(5, 7)}`;

export const textsOf = (lang: Lang): Texts => TEXTS[lang];
