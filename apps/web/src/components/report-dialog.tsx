// D-29: anyone signed in reports a post or a user with a reason and an optional text; admins see
// the reports. A button and its dialog, used on a post's details and on a deal.
import { Flag } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from './busy-button';
import { Modal } from './modal';
import { errorText } from '../lib/api-errors';
import { REPORT_REASONS, REPORT_TEXT_MAX, useSendReport, type ReportReason } from '../lib/report';
import './report-dialog.css';

interface Props {
  /** What is reported: a post or a user. */
  target: { solution_id: string } | { user_id: string };
  /** The button's text, naming what is reported. */
  label: string;
}

export function ReportButton({ target, label }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <div className="deal-report">
      <button
        type="button"
        className="button button-ghost button-small"
        onClick={() => {
          setSent(false);
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" size={16} />
        {label}
      </button>
      {sent ? (
        <p className="notice notice-success" role="status">
          {t('report.sent')}
        </p>
      ) : null}
      {open ? (
        <ReportDialog
          target={target}
          title={label}
          onClose={() => setOpen(false)}
          onSent={() => {
            setOpen(false);
            setSent(true);
          }}
        />
      ) : null}
    </div>
  );
}

function ReportDialog({
  target,
  title,
  onClose,
  onSent,
}: {
  target: Props['target'];
  title: string;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const report = useSendReport();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const formId = useId();
  const reasonId = useId();
  const textId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setProblem(t('report.reasonMissing'));
      return;
    }
    setProblem(null);
    report.mutate(
      { ...target, reason, ...(text.trim() ? { text: text.trim() } : {}) },
      { onSuccess: onSent, onError: (error) => setProblem(errorText(t, error)) },
    );
  };

  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('report.cancel')}
          </button>
          <BusyButton type="submit" form={formId} className="button button-danger" busy={report.isPending}>
            {t('report.send')}
          </BusyButton>
        </>
      }
    >
      <form id={formId} className="deal-report-form" onSubmit={submit} noValidate>
        <p className="muted">{t('report.intro')}</p>
        <div className="field">
          <label htmlFor={reasonId}>{t('report.reason')}</label>
          <select
            id={reasonId}
            value={reason}
            aria-invalid={problem && !reason ? true : undefined}
            onChange={(event) => {
              setReason(event.target.value as ReportReason);
              setProblem(null);
            }}
          >
            <option value="">{t('report.chooseReason')}</option>
            {REPORT_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`report.reasons.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={textId}>
            {t('report.text')} <span className="deal-optional">{t('report.optional')}</span>
          </label>
          <textarea
            id={textId}
            rows={3}
            maxLength={REPORT_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        {problem ? (
          <p className="notice notice-error" role="alert">
            {problem}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
