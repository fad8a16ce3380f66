// D-33: the owner of an offer booked by date says how many can be booked at once and blocks the
// dates it is not available; the calendar above shows them apart from booked days.
import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Solution } from '@app/shared';
import { BusyButton } from '../../../components/busy-button';
import { errorText } from '../../../lib/api-errors';
import { useSetAvailability } from '../api/set-availability';

export function AvailabilityForm({ solution }: { solution: Solution }) {
  const { t } = useTranslation();
  const save = useSetAvailability(solution._id);
  const [capacity, setCapacity] = useState(String(solution.capacity ?? 1));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const blocked = solution.blocked ?? [];

  const send = (body: Parameters<typeof save.mutate>[0]) => {
    setSaid(null);
    save.mutate(body, {
      onSuccess: () => setSaid({ ok: true, text: t('availability.saved') }),
      onError: (error) => setSaid({ ok: false, text: errorText(t, error) }),
    });
  };
  const onCapacity = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(capacity);
    if (Number.isInteger(n) && n >= 1) send({ capacity: n });
  };
  const onBlock = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to || to < from) return;
    send({ blocked: [...blocked, { from, to }] });
    setFrom('');
    setTo('');
  };

  return (
    <section className="availability" aria-labelledby="availability-title">
      <h3 id="availability-title" className="deal-subtitle">
        {t('availability.title')}
      </h3>
      <form className="availability-row" onSubmit={onCapacity}>
        {/* The hint stays outside the label: it is the field's description, not part of its name. */}
        <div className="field">
          <label htmlFor="availability-capacity">{t('availability.capacity')}</label>
          <input
            id="availability-capacity"
            type="number"
            min={1}
            max={1000}
            inputMode="numeric"
            value={capacity}
            aria-describedby="availability-capacity-hint"
            onChange={(e) => setCapacity(e.target.value)}
          />
          <small id="availability-capacity-hint" className="muted">
            {t('availability.capacityHint')}
          </small>
        </div>
        <BusyButton className="button button-secondary" type="submit" busy={save.isPending}>
          {t('availability.save')}
        </BusyButton>
      </form>
      {blocked.length > 0 ? (
        <ul className="availability-blocked">
          {blocked.map((range, i) => (
            <li key={`${range.from}-${range.to}-${i}`}>
              {t('availability.range', { from: range.from, to: range.to })}
              <button
                type="button"
                className="icon-button"
                aria-label={t('availability.remove', { from: range.from, to: range.to })}
                onClick={() => send({ blocked: blocked.filter((_, j) => j !== i) })}
              >
                <X aria-hidden="true" size={18} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="availability-row" onSubmit={onBlock} aria-label={t('availability.block')}>
        <label className="field">
          <span>{t('availability.blockFrom')}</span>
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('availability.blockTo')}</span>
          <input type="date" min={from || undefined} value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <BusyButton className="button button-secondary" type="submit" busy={save.isPending} disabled={!from || !to}>
          {t('availability.add')}
        </BusyButton>
      </form>
      <div role="status">
        {said ? <p className={`notice ${said.ok ? 'notice-success' : 'notice-error'}`}>{said.text}</p> : null}
      </div>
    </section>
  );
}
