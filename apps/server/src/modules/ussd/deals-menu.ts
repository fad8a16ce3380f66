// D-37, D-32: "My deals": the requests on my posts (confirm or decline) and my own requests (their
// status). When a fee falls due (D-15 revised), the screen says how to pay: mobile money (D-38) on
// the web page the deal's SMS links to. Contacts, once open (D-27), come by SMS.
import type { Deal } from '@app/shared';
import { act, amountOf, displayOf, type UssdContext } from './context.js';
import { type Answers, type Screen, choose, clip, con, end, invalid, shortDay, yesNo } from './walk.js';

const LISTED = 8;

export async function dealsMenu(a: Answers, ctx: UssdContext): Promise<Screen> {
  const { t } = ctx;
  const display = displayOf(ctx);
  const all = await ctx.ports.deals(ctx.caller, display);
  const incoming = all.filter((d) => d.role === 'owner' && d.status === 'requested').slice(0, LISTED);
  const mine = all.filter((d) => d.role === 'acceptor').slice(0, LISTED);
  const which = choose(a, t.dealsHeader, t.dealsItems(incoming.length, mine.length), t, ctx.code);
  if ('screen' in which) return which.screen;
  const title = (d: Deal) => clip(d.solution.title ?? '', 30);
  if (which.index === 0) {
    if (incoming.length === 0) return end(t.noIncoming);
    const picked = choose(
      a,
      t.requests,
      incoming.map((d) => `${title(d)} - ${d.counterpart.firstName}`),
      t,
      ctx.code,
    );
    if ('screen' in picked) return picked.screen;
    const deal = incoming[picked.index]!;
    const name = clip(deal.counterpart.firstName, 20);
    const yes = yesNo(a, t, ctx.code);
    if (yes === undefined) {
      return con(
        t.incoming(name, title(deal), deal.from ? shortDay(deal.from) : null, deal.note ? clip(deal.note, 60) : null),
      );
    }
    if (a.next() !== undefined) throw invalid(t, ctx.code);
    if (!yes) {
      await act(t, () => ctx.ports.decline(ctx.caller, deal._id, display));
      return end(t.declined(name));
    }
    const confirmed = await act(t, () => ctx.ports.confirm(ctx.caller, deal._id, display));
    return end(`${t.confirmed(name)}${feeLine(confirmed, ctx)}`);
  }
  if (mine.length === 0) return end(t.noMine);
  const picked = choose(
    a,
    t.myRequests,
    mine.map((d) => `${title(d)}: ${t.status[d.status]}`),
    t,
    ctx.code,
  );
  if ('screen' in picked) return picked.screen;
  if (a.next() !== undefined) throw invalid(t, ctx.code);
  const deal = mine[picked.index]!;
  let contacts = '';
  if (deal.contact_access && deal.counterpart.mobile_no) {
    ctx.ports.sms(ctx.user.mobile, t.contactSms(deal.counterpart.firstName, title(deal), deal.counterpart.mobile_no));
    contacts = t.contactsBySms;
  }
  return end(`${t.dealLine(title(deal), t.status[deal.status])}${feeLine(deal, ctx)}${contacts}`);
}

/** D-15 revised: the supplier side's unpaid fee on a confirmed deal, and how to pay it. */
function feeLine(deal: Deal, ctx: UssdContext): string {
  if (deal.status !== 'accepted' || !deal.fee || deal.fee.paid) return '';
  return ctx.t.feeDue(amountOf(deal.fee), ctx.ports.operators(ctx.user.country).slice(0, 2).join(', '), ctx.web);
}
