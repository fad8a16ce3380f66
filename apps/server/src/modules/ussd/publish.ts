// D-37: "Publish a need": a category, a sub-category (its price) or one's own price, a town picked
// from the 3 best GeoNames matches, a date, then a confirmation. The post is checked by the web's
// own schema and published by the web's own service, under the same quota.
import { CATEGORIES, countryCodeSchema, newSolutionSchema } from '@app/shared';
import { countryName } from '../../lib/countries.js';
import { act, displayOf, priceOf, type UssdContext } from './context.js';
import { typedTown } from './town.js';
import {
  type Answers,
  type Screen,
  EndWith,
  choose,
  clip,
  con,
  end,
  invalid,
  shortDay,
  typedDay,
  yesNo,
} from './walk.js';

/** A delivery's two addresses do not fit a phone's screens: those categories are published on the web. */
const PUBLISHABLE = CATEGORIES.filter((c) => c.deliveryBlock !== 'required');

export async function publishMenu(a: Answers, ctx: UssdContext): Promise<Screen> {
  const { t, lang } = ctx;
  const category = choose(
    a,
    t.category,
    PUBLISHABLE.map((c) => c.name[lang]),
    t,
    ctx.code,
  );
  if ('screen' in category) return category.screen;
  const chosen = PUBLISHABLE[category.index]!;
  const subs = chosen.subcategories;
  const labels = subs.map((s) =>
    s.own
      ? t.ownPrice
      : `${s.label[lang]} ${priceOf({ price_usd: s.prices.USD, price_eur: s.prices.EUR, price_xof: s.prices.XOF }, ctx)}`,
  );
  const sub = choose(a, t.subCategory, labels, t, ctx.code);
  if ('screen' in sub) return sub.screen;
  const picked = subs[sub.index]!;
  const display = displayOf(ctx);
  let price: string | null = null;
  if (picked.own) {
    const typed = a.next();
    if (typed === undefined) return con(t.typePrice(display.code === 'XOF' ? 'F CFA' : display.code));
    price = typed;
  }
  const town = await typedTown(a, ctx);
  if ('screen' in town) return town.screen;
  const typedDate = a.next();
  if (typedDate === undefined) return con(t.needDayPrompt);
  const day = typedDay(typedDate, ctx.now, t);
  const what = picked.own
    ? `${chosen.name[lang]} ${price} ${display.code === 'XOF' ? 'F CFA' : display.code}`
    : picked.label[lang];
  const go = yesNo(a, t, ctx.code);
  if (go === undefined) return con(t.confirmPublish(clip(what, 60), town.label, shortDay(day)));
  if (!go) return end(t.cancelled);
  if (a.next() !== undefined) throw invalid(t, ctx.code);
  const parsed = newSolutionSchema.safeParse({
    user_role: 'needSolution',
    category: chosen.id,
    sub_category_id: picked.id,
    // A basic phone sends no description: the sub-category's name stands for it.
    description: picked.own ? chosen.name[lang] : picked.label[lang],
    price,
    currency: display.currency,
    pickup_lat: town.lat,
    pickup_lng: town.lng,
    pickup_city: town.name,
    pickup_country: countryName(countryCodeSchema.parse(town.country), 'en'),
    pickup_date: day,
  });
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => String(i.path[0]));
    throw new EndWith(end(fields.includes('price') ? t.invalid(ctx.code) : t.failed));
  }
  await act(t, () => ctx.ports.publish(ctx.caller, parsed.data, display));
  await ctx.ports.saveTown(ctx.user.id, town);
  return end(t.published);
}
