// SPEC 4 "Map tooltip": explains the markers until the user closes it (it fades and is gone after
// TOOLTIP_HIDE_MS) or ticks 'Don't show this message again', which stores `tooltip` = false so it
// never shows again. On a phone it is a short sheet (title, legend, the tick box) that leaves the
// markers in view; its text opens on demand.
import { ChevronDown, ChevronUp, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOOLTIP_HIDE_MS } from '@app/shared';
import { safeGet } from '../../../lib/settings';
import { useIsNarrow } from '../../../lib/use-media-query';
import { MapLegend } from './map-legend';

export const TOOLTIP_KEY = 'tooltip';

type Phase = 'shown' | 'hiding' | 'hidden';

export function MapTooltip() {
  const { t } = useTranslation();
  const titleId = useId();
  const [phase, setPhase] = useState<Phase>(() => (safeGet(TOOLTIP_KEY) === 'false' ? 'hidden' : 'shown'));
  const [never, setNever] = useState(false);
  const narrow = useIsNarrow();
  const [open, setOpen] = useState(false);
  const textId = useId();
  const compact = narrow && !open;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const hide = () => {
    if (phase !== 'shown') return;
    setPhase('hiding');
    timer.current = setTimeout(() => setPhase('hidden'), TOOLTIP_HIDE_MS);
  };

  const remember = (checked: boolean) => {
    setNever(checked);
    try {
      if (checked) localStorage.setItem(TOOLTIP_KEY, 'false');
      else localStorage.removeItem(TOOLTIP_KEY);
    } catch {
      // Storage refused (private mode): the tooltip simply shows again next time.
    }
    if (checked) hide();
  };

  if (phase === 'hidden') return null;
  return (
    <section
      className={`map-tooltip${phase === 'hiding' ? ' is-hiding' : ''}${narrow ? ' is-sheet' : ''}`}
      aria-labelledby={titleId}
      inert={phase === 'hiding'}
    >
      <p id={titleId} className="map-tooltip-title">
        {t('map.tooltipTitle')}
      </p>
      {narrow ? (
        <button
          type="button"
          className="map-tooltip-more"
          aria-expanded={open}
          aria-controls={textId}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? <ChevronUp aria-hidden="true" size={16} /> : <ChevronDown aria-hidden="true" size={16} />}
          {t(open ? 'map.tooltipLess' : 'map.tooltipMore')}
        </button>
      ) : null}
      <p id={textId} className="map-tooltip-text" hidden={compact}>
        {t('map.tooltipText')}
      </p>
      <MapLegend />
      <label className="map-tooltip-check">
        <input type="checkbox" checked={never} onChange={(event) => remember(event.target.checked)} />
        {t('map.dontShowAgain')}
      </label>
      <button type="button" className="icon-button map-tooltip-close" aria-label={t('map.tooltipClose')} onClick={hide}>
        <X aria-hidden="true" size={20} />
      </button>
    </section>
  );
}
