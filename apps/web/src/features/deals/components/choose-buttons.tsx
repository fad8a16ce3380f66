// D-32: the owner's Confirm and Decline for one request, each asked first (a decline may give a
// reason the requester reads). Used on the post's requests and on the deal page.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DECLINE_REASON_MAX } from '@app/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import { useMoveDeal } from '../api/deal-moves';
import type { DealView } from '../api/deal-types';
import { datesText } from './deal-figures';

export function ChooseButtons({ deal, onDone }: { deal: DealView; onDone: (ok: boolean, text: string) => void }) {
  const { t } = useTranslation();
  const move = useMoveDeal();
  const [asking, setAsking] = useState<'confirm' | 'decline' | null>(null);
  const [reason, setReason] = useState('');
  const name = deal.counterpart.firstName;
  const dates = datesText(deal);

  const run = (kind: 'confirm' | 'decline') =>
    move.mutate(
      { dealId: deal._id, move: kind, ...(kind === 'decline' ? { reason } : {}) },
      {
        onSuccess: () => {
          setAsking(null);
          onDone(true, t(kind === 'confirm' ? 'requests.confirmed' : 'requests.declined', { name }));
        },
        onError: (error) => {
          setAsking(null);
          const full = error instanceof ApiError && error.code === 'NOT_AVAILABLE' && /dates/i.test(error.message);
          onDone(false, full ? t('requests.datesFull') : errorText(t, error));
        },
      },
    );

  return (
    <div className="request-actions">
      <button
        type="button"
        className="button button-offer"
        disabled={move.isPending}
        onClick={() => setAsking('confirm')}
      >
        {t('requests.confirm', { name })}
      </button>
      <button
        type="button"
        className="button button-secondary"
        disabled={move.isPending}
        onClick={() => setAsking('decline')}
      >
        {t('requests.decline', { name })}
      </button>
      {asking === 'confirm' ? (
        <ConfirmDialog
          question={
            dates ? t('requests.confirmQuestionBooking', { name, dates }) : t('requests.confirmQuestion', { name })
          }
          busy={move.isPending}
          onYes={() => run('confirm')}
          onNo={() => setAsking(null)}
        />
      ) : null}
      {asking === 'decline' ? (
        <Modal
          open
          title={t('requests.declineQuestion', { name })}
          onClose={() => setAsking(null)}
          actions={
            <>
              <button type="button" className="button button-secondary" onClick={() => setAsking(null)}>
                {t('deals.no')}
              </button>
              <button
                type="button"
                className="button button-danger"
                disabled={move.isPending}
                aria-busy={move.isPending}
                onClick={() => run('decline')}
              >
                {t('requests.decline', { name })}
              </button>
            </>
          }
        >
          <label className="field">
            <span>{t('requests.reason')}</span>
            <textarea
              rows={3}
              maxLength={DECLINE_REASON_MAX}
              dir="auto"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
        </Modal>
      ) : null}
    </div>
  );
}
