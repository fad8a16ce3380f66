// The ID images of an account, opened from /getUsers (D-11: admins only).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import type { AdminUser } from '../api/admin-users';
import { fetchIdImage } from '../api/id-image';
import '../admin.css';

export function IdImagesModal({ user, name, onClose }: { user: AdminUser | null; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={user !== null}
      title={t('admin.idImagesTitle', { name })}
      onClose={onClose}
      actions={
        <button type="button" className="button button-ghost" onClick={onClose}>
          {t('admin.close')}
        </button>
      }
    >
      {user && user.id_images.length > 0 ? (
        <ul className="id-images">
          {user.id_images.map((image, index) => (
            <li key={image.url}>
              <IdImage url={image.url} alt={t('admin.idImageAlt', { n: index + 1, name })} />
            </li>
          ))}
        </ul>
      ) : user ? (
        <p className="muted">{t('admin.noImages')}</p>
      ) : null}
    </Modal>
  );
}

type Loaded = { url: string; src: string } | { url: string; failed: true };

function IdImage({ url, alt }: { url: string; alt: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    let src: string | null = null;
    fetchIdImage(url, abort.signal).then(
      (blob) => {
        if (abort.signal.aborted) return;
        src = URL.createObjectURL(blob);
        setLoaded({ url, src });
      },
      () => {
        if (!abort.signal.aborted) setLoaded({ url, failed: true });
      },
    );
    return () => {
      abort.abort();
      if (src) URL.revokeObjectURL(src);
    };
  }, [url]);

  // A result for another URL (the modal reused for the next user) counts as still loading.
  if (!loaded || loaded.url !== url) return <Spinner />;
  if ('failed' in loaded) return <p className="account-error">{t('admin.imageFailed')}</p>;
  return <img className="id-image" src={loaded.src} alt={alt} />;
}
