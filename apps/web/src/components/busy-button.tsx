// A button whose call is running: a turning circle (in place of its icon, if any), aria-busy, and
// disabled so it is not sent twice. Every feature's action buttons use it, and the turning circle
// alone marks a line that says what is under way (billing's 'Confirming...').
import { LoaderCircle } from 'lucide-react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './busy-button.css';

interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  busy: boolean;
  /** Shown while idle; the circle takes its place while busy. */
  icon?: ReactNode;
  /** The circle's size in px, to match the button's icon. */
  size?: number;
}

export function BusyButton({ busy, icon, size = 18, disabled, type = 'button', children, ...rest }: BusyButtonProps) {
  return (
    <button type={type} disabled={busy || disabled} aria-busy={busy} {...rest}>
      {busy ? <BusySpin size={size} /> : (icon ?? null)}
      {children}
    </button>
  );
}

/** The turning circle (still when the user asks for reduced motion); decorative. */
export function BusySpin({ size = 18 }: { size?: number }) {
  return <LoaderCircle aria-hidden="true" size={size} className="busy-spin" />;
}
