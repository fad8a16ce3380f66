// A button that opens a small panel below it; Escape or a click elsewhere closes it.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface Props {
  label: string;
  button: ReactNode;
  children: (close: () => void) => ReactNode;
  className?: string;
}

export function DisclosureMenu({ label, button, children, className }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className={`disclosure ${className ?? ''}`} ref={root}>
      <button
        type="button"
        className="icon-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {button}
      </button>
      <div id={panelId} className="disclosure-panel" hidden={!open}>
        {children(() => setOpen(false))}
      </div>
    </div>
  );
}
