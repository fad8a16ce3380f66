// SPEC 2.3 item 8: up to 4 images, the first large (500 px), the others 100 px; a tap zooms any
// of them in a modal. With data saver on, no photo loads until tapped, and a
// tapped one loads as its thumbnail (the zoom, a second tap, shows the photo itself).
import { ImageDown, ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_IMAGES, type Solution } from '@app/shared';
import { Modal } from '../../../components/modal';
import { PHOTO_BYTES, THUMB_BYTES, recordSaved, useDataSaver } from '../../../lib/data-saver';
import '../data-saver.css';

export function ImageGallery({ images, title }: { images: Solution['images']; title: string }) {
  const { t } = useTranslation();
  const [dataSaver] = useDataSaver();
  const [zoomed, setZoomed] = useState<number | null>(null);
  const [tapped, setTapped] = useState<ReadonlySet<number>>(new Set());
  const shown = images.slice(0, MAX_IMAGES);
  // What this page would have loaded without data saver: the first photo, the others' thumbnails.
  useEffect(() => {
    if (!dataSaver) return;
    images
      .slice(0, MAX_IMAGES)
      .forEach((image, i) => recordSaved(`skip:${image.url}`, i === 0 ? PHOTO_BYTES : THUMB_BYTES));
  }, [dataSaver, images]);
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
  const load = (i: number, url: string) => {
    recordSaved(`tap:${url}`, -THUMB_BYTES);
    setTapped((before) => new Set(before).add(i));
  };
  return (
    <div className="deal-gallery">
      <ul className="deal-gallery-list">
        {shown.map((image, i) => (
          <li key={image.url} className={i === 0 ? 'deal-gallery-main' : 'deal-gallery-thumb'}>
            {dataSaver && !tapped.has(i) ? (
              <button
                type="button"
                className="deal-gallery-button data-saver-photo"
                aria-label={t('dataSaver.loadPhoto', { n: i + 1, count, title })}
                onClick={() => load(i, image.url)}
              >
                <ImageDown aria-hidden="true" size={i === 0 ? 36 : 24} />
                {i === 0 ? <span>{t('dataSaver.tapToLoad')}</span> : null}
              </button>
            ) : (
              <button
                type="button"
                className="deal-gallery-button"
                aria-label={t('details.zoom', { n: i + 1, count, title })}
                onClick={() => setZoomed(i)}
              >
                <img
                  src={i === 0 && !dataSaver ? image.url : image.thumb_url}
                  alt=""
                  loading={i === 0 ? 'eager' : 'lazy'}
                />
              </button>
            )}
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
