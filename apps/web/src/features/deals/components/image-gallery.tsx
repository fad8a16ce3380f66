// SPEC 2.3 item 8: up to 4 images, the first large (500 px), the others 100 px; a tap zooms any
// of them in a modal.
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_IMAGES, type Solution } from '@app/shared';
import { Modal } from '../../../components/modal';

export function ImageGallery({ images, title }: { images: Solution['images']; title: string }) {
  const { t } = useTranslation();
  const [zoomed, setZoomed] = useState<number | null>(null);
  const shown = images.slice(0, MAX_IMAGES);
  if (shown.length === 0) {
    return (
      <div className="deal-gallery-empty">
        <ImageOff aria-hidden="true" size={36} />
        <span>{t('details.noPhoto')}</span>
      </div>
    );
  }
  const count = shown.length;
  const current = zoomed === null ? undefined : shown[zoomed];
  return (
    <div className="deal-gallery">
      <ul className="deal-gallery-list">
        {shown.map((image, i) => (
          <li key={image.url} className={i === 0 ? 'deal-gallery-main' : 'deal-gallery-thumb'}>
            <button
              type="button"
              className="deal-gallery-button"
              aria-label={t('details.zoom', { n: i + 1, count, title })}
              onClick={() => setZoomed(i)}
            >
              <img src={i === 0 ? image.url : image.thumb_url} alt="" loading={i === 0 ? 'eager' : 'lazy'} />
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={current !== undefined}
        title={t('details.photoOf', { n: (zoomed ?? 0) + 1, count, title })}
        onClose={() => setZoomed(null)}
        actions={
          <button type="button" className="button button-secondary" onClick={() => setZoomed(null)}>
            {t('details.close')}
          </button>
        }
      >
        {current ? (
          <img
            className="deal-zoomed"
            src={current.url}
            alt={t('details.photoOf', { n: (zoomed ?? 0) + 1, count, title })}
          />
        ) : null}
      </Modal>
    </div>
  );
}
