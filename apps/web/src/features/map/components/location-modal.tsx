import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';

/** SPEC 4 and 8: no coordinates after 500 ms; how to turn the location on. */
export function LocationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('location.title')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
            {t('location.refresh')}
          </button>
          <button type="button" className="button button-ghost" onClick={onClose}>
            {t('location.close')}
          </button>
        </>
      }
    >
      <p>{t('errors.locationOff')}</p>
    </Modal>
  );
}
