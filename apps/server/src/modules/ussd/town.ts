// D-37: a place by its name: the user types a town, then picks one of the 3 best GeoNames matches.
// "Near me" is the last position the user's app reported, else their registered town, else a town
// they type now.
import type { TownChoice, UssdContext } from './context.js';
import { type Answers, type Screen, choose, con, end, EndWith } from './walk.js';

export async function typedTown(
  a: Answers,
  ctx: UssdContext,
  prompt?: string,
): Promise<TownChoice | { screen: Screen }> {
  const typed = a.next();
  if (typed === undefined || typed === '')
    return { screen: con(prompt ? `${prompt}\n${ctx.t.typeTown}` : ctx.t.typeTown) };
  const towns = await ctx.ports.towns(typed, ctx.lang);
  if (towns.length === 0) throw new EndWith(end(ctx.t.noTown));
  const picked = choose(
    a,
    ctx.t.whichTown,
    towns.map((town) => town.label),
    ctx.t,
    ctx.code,
  );
  if ('screen' in picked) return picked;
  return towns[picked.index]!;
}

export interface NearPoint {
  at: [number, number];
  /** How the results screen names it: a town, or "you". */
  label: string;
  /** A town typed in this session, kept as the user's town once they act. */
  typed?: TownChoice;
}

export async function nearMe(a: Answers, ctx: UssdContext): Promise<NearPoint | { screen: Screen }> {
  const app = await ctx.ports.appPosition(ctx.user.id);
  if (app) return { at: [app.lng, app.lat], label: ctx.t.nearYou };
  const profile = await ctx.ports.profile(ctx.user.id);
  if (profile?.town && profile.town_lat !== null && profile.town_lng !== null) {
    return { at: [profile.town_lng, profile.town_lat], label: profile.town };
  }
  const town = await typedTown(a, ctx);
  if ('screen' in town) return town;
  return { at: [town.lng, town.lat], label: town.name, typed: town };
}
