// SPEC 2.3 item 24 and SPEC 4 (Publishing): after publishing, Share or Back to Dashboard. Share
// opens an e-mail draft with a link to the post over 500 px, the device share sheet below
// (lib/share.ts decides).
import { LayoutDashboard, Share2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Solution } from '@app/shared';
import { Modal } from '../../../components/modal';
import { postTitleOf } from '../../../lib/post-title';
import { shareApp } from '../../../lib/share';

/** The detail screen of a post (SPEC 2.3 item 11): an offer's supplier page, a need's client page. */
export const detailsPath = (solution: Solution): string =>
  `${solution.user_role === 'provideSolution' ? '/supplierdetails' : '/clientsdetails'}/${solution._id}/${solution.user._id}`;

export function ShareDialog({
  solution,
  onBack,
  extra,
}: {
  solution: Solution;
  onBack: () => void;
  /** Under the text: the app layer's alert offer (D-36). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [shared, setShared] = useState(false);
  const title = postTitleOf(solution);
  const share = async () => {
    const result = await shareApp({
      subject: t('postForm.published.subject', { title }),
      text: t(
        solution.user_role === 'provideSolution' ? 'postForm.published.offerText' : 'postForm.published.needText',
        {
          title,
        },
      ),
      url: `${window.location.origin}${detailsPath(solution)}`,
    });
    setShared(result === 'shared');
  };
  return (
    <Modal
      open
      title={t('postForm.published.title')}
      onClose={onBack}
      actions={
        <>
          <button type="button" className="button button-primary" onClick={() => void share()}>
            <Share2 aria-hidden="true" size={18} />
            {t('postForm.published.share')}
          </button>
          <button type="button" className="button button-secondary" onClick={onBack}>
            <LayoutDashboard aria-hidden="true" size={18} />
            {t('postForm.published.back')}
          </button>
        </>
      }
    >
      <p>{t('postForm.published.text')}</p>
      {extra}
      {shared ? (
        <p role="status" className="saved">
          {t('share.done')}
        </p>
      ) : null}
    </Modal>
  );
}
