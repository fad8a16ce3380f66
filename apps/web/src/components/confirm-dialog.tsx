// SPEC 5: deleting an offer or an order needs a Yes/No confirmation. "No" has the focus first: a
// stray Enter keeps the post.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

interface Props {
  question: string;
  /** What the Yes will do beyond the question (who is told, what ends, what is kept). */
  detail?: string | undefined;
  busy?: boolean;
  onYes: () => void;
  onNo: () => void;
}

export function ConfirmDialog({ question, detail, busy = false, onYes, onNo }: Props) {
  const { t } = useTranslation();
  const no = useRef<HTMLButtonElement>(null);
  // Runs after the Modal (a child) has opened the dialog.
  useEffect(() => no.current?.focus(), []);
  return (
    <Modal
      open
      title={question}
      onClose={onNo}
      actions={
        <>
          <button ref={no} type="button" className="button button-secondary" onClick={onNo}>
            {t('deals.no')}
          </button>
          <button type="button" className="button button-danger" disabled={busy} aria-busy={busy} onClick={onYes}>
            {t('deals.yes')}
          </button>
        </>
      }
    >
      {detail ? <p className="confirm-detail">{detail}</p> : null}
    </Modal>
  );
}
