// D-37, D-32: "Find near me": offers or needs, a category, the 5 nearest as "title, price,
// distance"; choosing one sends a request the owner confirms, with an optional short note.
import { CATEGORIES, type UserRole } from '@app/shared';
import { distanceKm, roundKm } from '../../lib/geo.js';
import { titleIn } from '../solutions/title.js';
import { act, priceOf, type UssdContext } from './context.js';
import { USSD_SCREEN_MAX } from './texts.js';
import { nearMe } from './town.js';
import { type Answers, type Screen, choose, clip, con, end, invalid, shortDay, typedDay, yesNo } from './walk.js';

const RESULTS = 5;
const TYPES: UserRole[] = ['provideSolution', 'needSolution'];

export async function findMenu(a: Answers, ctx: UssdContext): Promise<Screen> {
  const { t } = ctx;
  const type = choose(a, t.findHeader, t.findTypes, t, ctx.code);
  if ('screen' in type) return type.screen;
  const category = choose(
    a,
    t.category,
    CATEGORIES.map((c) => c.name[ctx.lang]),
    t,
    ctx.code,
  );
  if ('screen' in category) return category.screen;
  const near = await nearMe(a, ctx);
  if ('screen' in near) return near.screen;
  const role = TYPES[type.index]!;
  const categoryId = CATEGORIES[category.index]!.id;
  const rows = await ctx.ports.nearest(role, categoryId, near.at, RESULTS);
  if (rows.length === 0) return end(t.nothingNear(near.label));
  // Reaching the results is the search done: it becomes the one the alerts menu switches.
  await ctx.ports.saveLastSearch(ctx.user.id, {
    type: role,
    category: categoryId,
    lng: near.at[0],
    lat: near.at[1],
    town: near.label,
  });
  const lines = rows.map((row) => {
    const km = roundKm(distanceKm(near.at, row.pickup_lat, row.pickup_lng));
    return { title: titleIn(row, ctx.lang), tail: `, ${priceOf(row, ctx)}, ${t.km(km)}` };
  });
  // The titles share what the prices and distances leave of the screen.
  const header = t.near(near.label);
  const fixed = lines.reduce((sum, l, i) => sum + `\n${i + 1}. `.length + l.tail.length, header.length);
  const room = Math.floor((USSD_SCREEN_MAX - fixed) / lines.length);
  // Never below a recognisable word: past that, the list pages ("9. More") instead.
  const items = lines.map((l) => `${clip(l.title, Math.max(14, room))}${l.tail}`);
  const picked = choose(a, header, items, t, ctx.code, USSD_SCREEN_MAX);
  if ('screen' in picked) return picked.screen;
  const row = rows[picked.index]!;
  const title = clip(titleIn(row, ctx.lang), 40);

  let day: string | null = null;
  let to: string | undefined;
  if (row.unit === 'hour' || row.unit === 'month') return end(t.bookOnWeb);
  if (row.unit === 'day' || row.unit === 'night') {
    const typed = a.next();
    if (typed === undefined) return con(`${title}, ${priceOf(row, ctx)}\n${t.dayPrompt}`);
    day = typedDay(typed, ctx.now, t);
    to = row.unit === 'night' ? new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10) : day;
  }
  const note = a.next();
  if (note === undefined) return con(day ? t.notePrompt : `${title}, ${priceOf(row, ctx)}\n${t.notePrompt}`);
  const send = yesNo(a, t, ctx.code);
  if (send === undefined) return con(t.confirmRequest(title, day ? shortDay(day) : null));
  if (!send) return end(t.cancelled);
  if (a.next() !== undefined) throw invalid(t, ctx.code);
  await act(t, () =>
    ctx.ports.request(ctx.caller, {
      user_id: ctx.user.id,
      solution_id: row.id,
      note: note === '0' ? undefined : note,
      ...(day ? { from: day, to } : {}),
    }),
  );
  if (near.typed) await ctx.ports.saveTown(ctx.user.id, near.typed);
  return end(t.requestSent);
}
