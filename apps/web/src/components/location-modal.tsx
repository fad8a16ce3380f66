import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

/** SPEC 4, 5 and 8: the location is off or late; how to turn it on, then refresh. */
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
