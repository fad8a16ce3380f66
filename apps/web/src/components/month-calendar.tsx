// D-33: a month of days, some of them taken, never by whom. A real table (a caption, a header row
// of weekdays, one cell per day with its full date and whether it is taken), so a screen reader
// reads it row by row and the month buttons work by keyboard; at 375 px a cell is 44 px wide.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './month-calendar.css';

const DAY_MS = 86_400_000;

export interface DateRange {
  from: string;
  to: string;
}

/** The plain dates (YYYY-MM-DD) of ranges whose both ends count. */
export function daysIn(ranges: readonly DateRange[]): Set<string> {
  const out = new Set<string>();
  for (const r of ranges) {
    const end = Date.parse(`${r.to.slice(0, 10)}T00:00:00Z`);
    for (let t = Date.parse(`${r.from.slice(0, 10)}T00:00:00Z`); t <= end; t += DAY_MS) {
      out.add(new Date(t).toISOString().slice(0, 10));
    }
  }
  return out;
}

const monthStart = (iso: string) => `${iso.slice(0, 7)}-01`;
function addMonths(first: string, n: number): string {
  const d = new Date(`${first}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
}

export function MonthCalendar({
  taken,
  blocked = [],
  today = new Date().toISOString().slice(0, 10),
  labelledBy,
}: {
  taken: readonly DateRange[];
  /** The owner's own blocked days, shown apart from booked ones (the owner only). */
  blocked?: readonly DateRange[];
  today?: string;
  labelledBy?: string;
}) {
  const { t, i18n } = useTranslation();
  const [first, setFirst] = useState(() => monthStart(taken[0]?.from && taken[0].from > today ? taken[0].from : today));
  const takenDays = useMemo(() => daysIn(taken), [taken]);
  const blockedDays = useMemo(() => daysIn(blocked), [blocked]);
  const locale = i18n.language === 'fr-ca' ? 'fr-FR' : 'en-GB';
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${first}T00:00:00Z`),
  );
  const dayName = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const fullDate = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });

  // Weeks start on Monday, as in West and Central Africa and in France.
  const start = new Date(`${first}T00:00:00Z`);
  const lead = (start.getUTCDay() + 6) % 7;
  const daysInMonth = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: daysInMonth }, (_, i) => new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10)),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const mondays = Array.from({ length: 7 }, (_, i) => dayName.format(new Date(Date.UTC(2024, 0, 1 + i))));

  return (
    <div className="month-calendar">
      <div className="month-calendar-nav">
        <button
          type="button"
          className="button button-secondary month-calendar-step"
          onClick={() => setFirst(addMonths(first, -1))}
          disabled={first <= monthStart(today)}
          aria-label={t('calendar.previous')}
        >
          <ChevronLeft aria-hidden="true" size={20} />
        </button>
        <p className="month-calendar-month" aria-live="polite">
          {monthName}
        </p>
        <button
          type="button"
          className="button button-secondary month-calendar-step"
          onClick={() => setFirst(addMonths(first, 1))}
          aria-label={t('calendar.next')}
        >
          <ChevronRight aria-hidden="true" size={20} />
        </button>
      </div>
      <table className="month-calendar-grid" aria-labelledby={labelledBy}>
        <caption className="visually-hidden">{t('calendar.caption', { month: monthName })}</caption>
        <thead>
          <tr>
            {mondays.map((name) => (
              <th key={name} scope="col" abbr={name}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean) ?? ''}>
              {week.map((day, i) => {
                if (!day) return <td key={`empty-${i}`} aria-hidden="true" />;
                const state = blockedDays.has(day)
                  ? 'blocked'
                  : takenDays.has(day)
                    ? 'taken'
                    : day < today
                      ? 'past'
                      : 'free';
                return (
                  <td key={day} className={`month-calendar-day is-${state}`}>
                    <span aria-hidden="true">{Number(day.slice(8))}</span>
                    <span className="visually-hidden">
                      {`${fullDate.format(new Date(`${day}T00:00:00Z`))}: ${t(`calendar.${state}`)}`}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="month-calendar-legend">
        <span className="month-calendar-key is-taken" aria-hidden="true" />
        {t('calendar.takenKey')}
        {blocked.length > 0 ? (
          <>
            <span className="month-calendar-key is-blocked" aria-hidden="true" />
            {t('calendar.blockedKey')}
          </>
        ) : null}
        <span className="month-calendar-key is-free" aria-hidden="true" />
        {t('calendar.freeKey')}
      </p>
    </div>
  );
}
