// D-37, D-24: the language of the menu, and of every SMS and notice the user receives.
import type { UssdContext } from './context.js';
import { TEXTS, type Lang } from './texts.js';
import { type Answers, type Screen, choose, end, invalid } from './walk.js';

const LANGS: Lang[] = ['en', 'fr'];

export async function languageMenu(a: Answers, ctx: UssdContext): Promise<Screen> {
  const picked = choose(a, ctx.t.languageHeader, ['English', 'Français'], ctx.t, ctx.code);
  if ('screen' in picked) return picked.screen;
  if (a.next() !== undefined) throw invalid(ctx.t, ctx.code);
  const lang = LANGS[picked.index]!;
  await ctx.ports.setLanguage(ctx.caller, lang);
  return end(TEXTS[lang].languageSet);
}
