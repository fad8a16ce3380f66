// D-37, D-36: "Alerts": SMS alerts on or off for the last search (the one made here, else the
// newest alert saved on the web). Turning on a search that has no alert yet saves it as one.
import { CATEGORIES, newAlertBodySchema } from '@app/shared';
import { act, type UssdContext } from './context.js';
import { type Answers, type Screen, clip, con, end, invalid, yesNo } from './walk.js';

/** An alert made from a USSD search reaches as far as a day's trip to fetch something. */
const ALERT_RADIUS_KM = 50;
const samePoint = (a: number, b: number) => Math.abs(a - b) < 1e-6;

export async function alertsMenu(a: Answers, ctx: UssdContext): Promise<Screen> {
  const { t } = ctx;
  const [profile, alerts] = await Promise.all([ctx.ports.profile(ctx.user.id), ctx.ports.alerts(ctx.caller)]);
  const last = profile?.last_search ?? null;
  const alert = last
    ? alerts.find(
        (x) =>
          x.type === last.type &&
          x.category === last.category &&
          samePoint(x.lng, last.lng) &&
          samePoint(x.lat, last.lat),
      )
    : alerts[0];
  if (!last && !alert) return end(t.noSearch);
  const categoryOf = (id: string | null | undefined) => CATEGORIES.find((c) => c.id === id)?.name[ctx.lang] ?? '';
  const what = last ? `${categoryOf(last.category)}, ${last.town}` : categoryOf(alert?.category) || (alert?.q ?? '');
  const on = yesNo(a, t, ctx.code);
  if (on === undefined) return con(t.alertState(clip(what, 60), alert?.sms ?? false));
  if (a.next() !== undefined) throw invalid(t, ctx.code);
  if (alert) await act(t, () => ctx.ports.setAlertSms(ctx.caller, alert._id, on));
  else if (on && last) {
    const body = newAlertBodySchema.parse({
      type: last.type,
      category: last.category,
      near: `${last.lng},${last.lat}`,
      radius_km: ALERT_RADIUS_KM,
      sms: true,
    });
    await act(t, () => ctx.ports.createAlert(ctx.caller, body));
  }
  return end(on ? t.alertsOn : t.alertsOff);
}
