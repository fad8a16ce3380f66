// A modal on the native <dialog>: focus is trapped and Escape closes it, by the browser.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons and links at the bottom. */
  actions?: ReactNode;
}

export function Modal({ open, title, onClose, children, actions }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      // The browser has already closed the dialog (Escape): commit that at once. Batched, a reopen
      // right after (Enter on the marker that opened it) could cancel it out in one render, leaving
      // the state open and the dialog closed, so it would never show again.
      onClose={() => flushSync(onClose)}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its content) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="modal-body">
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {children}
        {actions ? <div className="modal-actions">{actions}</div> : null}
      </div>
    </dialog>
  );
}
