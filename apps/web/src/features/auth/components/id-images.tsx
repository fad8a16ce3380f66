// The photos of the ID for an account with ID (SPEC 5): more than 4 are refused and the selection
// cleared; image files only (D-7).
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_IMAGES } from '@app/shared';
import { Notice } from './auth-page';

export function IdImages({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    const problem =
      chosen.length > MAX_IMAGES
        ? t('errors.tooManyImages')
        : chosen.some((f) => !f.type.startsWith('image/'))
          ? t('apiErrors.UNSUPPORTED_MEDIA')
          : null;
    setError(problem);
    if (problem) event.target.value = '';
    onChange(problem ? [] : chosen);
  };

  return (
    <div className="field">
      <label htmlFor="id-images">{t('register.idImages')}</label>
      <input
        id="id-images"
        type="file"
        accept="image/*"
        multiple
        onChange={onFiles}
        aria-describedby="id-images-hint"
        aria-invalid={error ? true : undefined}
      />
      <p id="id-images-hint" className="field-hint">
        {t('register.idImagesHint')}
      </p>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {files.length > 0 ? (
        <ul className="file-list" aria-label={t('register.chosenFiles', { count: files.length })}>
          {files.map((f) => (
            <li key={`${f.name}-${f.size}-${f.lastModified}`}>{f.name}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
