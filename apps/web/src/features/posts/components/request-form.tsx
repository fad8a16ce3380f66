// D-32, D-33: what SPEC's Accept now sends: a request with dates where the post is booked by
// date, a short note and an optional price. The total (unit price × units) shows before sending.
// SPEC's button text stays; the owner chooses among the requests.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REQUEST_NOTE_MAX,
  bookingInterval,
  contactIn,
  currencyOfSetting,
  formatMoney,
  parseDecimal,
  type CurrencyCode,
  type Solution,
} from '@app/shared';
import { BusyButton } from '../../../components/busy-button';
import { getCurrency, getLanguage } from '../../../lib/settings';

export interface RequestValues {
  note?: string;
  price?: { amount: string; currency: CurrencyCode };
  from?: string;
  to?: string;
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** The post's unit price in the reader's currency, in minor units. */
function unitPriceOf(solution: Solution, code: 'USD' | 'EUR' | 'XOF'): number {
  const text =
    code === 'EUR'
      ? solution.sub_category_price_euro
      : code === 'XOF'
        ? solution.sub_category_price_fr
        : solution.sub_category_price_dollar;
  return parseDecimal(text, code) ?? 0;
}

export function RequestForm({
  solution,
  busy,
  disabled,
  buttonText,
  buttonClass,
  onSend,
}: {
  solution: Solution;
  busy: boolean;
  disabled: boolean;
  buttonText: string;
  buttonClass: string;
  onSend: (values: RequestValues) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const language = getLanguage();
  const code = currencyOfSetting(getCurrency());
  const unit = solution.unit;
  const hourly = unit === 'hour';
  // D-33: a need carries its own dates; a request on it starts from them.
  const needDates =
    solution.user_role === 'needSolution' &&
    solution.pickup_date !== null &&
    solution.pickup_date >= new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(needDates && !hourly ? (solution.pickup_date ?? '') : '');
  // A night ends the next day: a need with one date asks for one night.
  const oneNight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const [to, setTo] = useState(() => {
    if (!needDates || hourly || !solution.pickup_date) return '';
    if (solution.dates_to && (unit !== 'night' || solution.dates_to > solution.pickup_date)) return solution.dates_to;
    return unit === 'night' ? oneNight(solution.pickup_date) : solution.pickup_date;
  });
  const [note, setNote] = useState('');
  const [price, setPrice] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const dated = unit !== undefined;
  const booking = dated && from && to ? bookingInterval(unit, from, to) : null;
  const units = booking?.ok ? booking.units : 1;
  const proposed = price.trim() ? parseDecimal(price, code) : null;
  const unitPrice = proposed ?? unitPriceOf(solution, code);
  const total = unitPrice * units;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (dated && (!from || !to)) return setProblem(t('request.datesMissing'));
    if (booking && !booking.ok) return setProblem(t('request.datesOrder'));
    if (note.trim() && contactIn(note)) return setProblem(t('request.noteContact'));
    onSend({
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(proposed !== null && proposed > 0
        ? { price: { amount: price.trim().replace(',', '.'), currency: code } }
        : {}),
      ...((dated || needDates) && from && to ? { from, to } : {}),
    });
  };

  return (
    <form className="request-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="deal-subtitle">
        {t('request.title')}
      </h3>
      <p className="muted request-intro">{t('request.intro')}</p>
      {needDates && solution.pickup_date && solution.dates_to ? (
        <p className="request-need-dates">
          {t('request.needDates', { from: solution.pickup_date, to: solution.dates_to })}
        </p>
      ) : null}
      {dated ? (
        <div className="request-dates">
          <label className="field">
            <span>{t(hourly ? 'request.fromHour' : 'request.from')}</span>
            <input
              type={hourly ? 'datetime-local' : 'date'}
              required
              min={hourly ? undefined : tomorrow()}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </label>
          <label className="field">
            <span>{t(hourly ? 'request.toHour' : unit === 'night' ? 'request.lastNight' : 'request.to')}</span>
            <input
              type={hourly ? 'datetime-local' : 'date'}
              required
              min={from || (hourly ? undefined : tomorrow())}
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </label>
        </div>
      ) : null}
      {/* The hint stays outside the label: it is the field's description, not part of its name. */}
      <div className="field">
        <label htmlFor={`${id}-note`}>{t('request.note', { name: solution.user.firstName })}</label>
        <textarea
          id={`${id}-note`}
          rows={3}
          maxLength={REQUEST_NOTE_MAX}
          value={note}
          dir="auto"
          aria-describedby={`${id}-note-hint`}
          onChange={(e) => setNote(e.target.value)}
        />
        <small id={`${id}-note-hint`} className="muted">
          {t('request.noteHint', { max: REQUEST_NOTE_MAX })}{' '}
          {t('request.noteCount', { count: note.length, max: REQUEST_NOTE_MAX })}
        </small>
      </div>
      <div className="field">
        <label htmlFor={`${id}-price`}>{t('request.price', { unit: unit ? t(`units.${unit}`) : '' })}</label>
        <input
          id={`${id}-price`}
          inputMode="decimal"
          value={price}
          aria-describedby={`${id}-price-hint`}
          placeholder={formatMoney(unitPriceOf(solution, code), code, language)}
          onChange={(e) => setPrice(e.target.value)}
        />
        <small id={`${id}-price-hint`} className="muted">
          {t('request.priceHint')}
        </small>
      </div>
      <p className="request-total" aria-live="polite">
        <strong>{t('request.total', { total: formatMoney(total, code, language) })}</strong>
        {dated && booking?.ok ? (
          <span className="muted">
            {' '}
            {t('request.totalDetail', {
              price: formatMoney(unitPrice, code, language),
              units: t(`units.count_${unit}`, { count: units }),
            })}
          </span>
        ) : null}
      </p>
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="deal-accept-bar">
        <BusyButton className={buttonClass} disabled={disabled} busy={busy} size={20} type="submit">
          {buttonText}
        </BusyButton>
      </div>
    </form>
  );
}
