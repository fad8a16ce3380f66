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
  const cancelled = useRef(false);
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
      // Escape: the browser fires cancel, closes the dialog, and fires close only later, as a task.
      // The closed state is committed at cancel, so a reopen before that task (Enter on the marker
      // that opened it) is a change of state and shows the dialog again; committed at close, the
      // reopen met a state still open and was lost, and the dialog never showed again.
      onCancel={() => {
        cancelled.current = true;
        flushSync(onClose);
      }}
      onClose={() => {
        // The close that follows a cancel has nothing to add; one that comes when the dialog is
        // open again is stale.
        const afterCancel = cancelled.current;
        cancelled.current = false;
        if (!afterCancel && !ref.current?.open) flushSync(onClose);
      }}
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
