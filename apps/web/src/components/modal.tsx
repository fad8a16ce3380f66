// The one modal dialog shell of the app; every dialog is a Modal. It is the native
// <dialog> opened with showModal, so the browser traps the focus and closes it on Escape; its
// heading names it; a click on the backdrop closes it; the focus goes back to what opened it.
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import './modal.css';

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
  /** The next close event is of a close the shell made or already reported (Escape). */
  const closedHere = useRef(false);
  /** What had the focus when the dialog opened; it gets the focus back when the dialog closes. */
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      dialog.showModal();
    }
    if (!open) {
      if (dialog.open) {
        closedHere.current = true;
        dialog.close();
      }
      returnFocus(dialog, opener);
    }
  }, [open]);
  // A dialog its owner stops rendering while open (a confirm answered, a form's dialog done) is
  // taken out of the page without a close: the focus goes back all the same. (StrictMode's trial
  // unmount leaves the dialog in the page, and is not one.)
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog && !dialog.isConnected) returnFocus(dialog, opener);
    };
  }, []);
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
        closedHere.current = true;
        flushSync(onClose);
      }}
      onClose={() => {
        // The close that follows a cancel, or the owner's own close (open turned false), has
        // nothing to add: onClose is called once. One that comes when the dialog is open again is
        // stale.
        const known = closedHere.current;
        closedHere.current = false;
        if (!known && !ref.current?.open) flushSync(onClose);
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

/**
 * Gives the focus back to the dialog's opener, if it is still in the page and the focus is nowhere
 * else: in the closed dialog, or lost with it. An action that moved the focus on purpose (to a
 * field to correct) keeps it there.
 */
function returnFocus(dialog: HTMLDialogElement, opener: RefObject<HTMLElement | null>) {
  const target = opener.current;
  opener.current = null;
  if (!target?.isConnected) return;
  const active = document.activeElement;
  if (active === null || active === document.body || dialog.contains(active)) target.focus();
}
