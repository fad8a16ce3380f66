// Up to MAX_IMAGES images with previews and a remove button each (SPEC 5, D-7). SPEC 5: a choice
// that would make more than 4 is refused with 'Only 4 images can be uploaded at a time' and the
// selection is cleared.
import { ImagePlus, X } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_IMAGES } from '@app/shared';
import type { ChosenImage } from '../../../lib/use-chosen-images';
import type { Problem } from '../utils/post-form';
import { problemText } from './form-field';

interface ImagePickerProps {
  images: ChosenImage[];
  problem?: Problem;
  /** The problem comes from this choice (announce it now), not from a submit (the form's notice does). */
  announce: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  onRefused: (problem: Problem) => void;
}

export function ImagePicker({ images, problem, announce, onAdd, onRemove, onRefused }: ImagePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const full = images.length >= MAX_IMAGES;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // The input forgets its files each time: the list below is the selection, and the same file
    // can be chosen again after a removal.
    event.target.value = '';
    if (chosen.length === 0) return;
    if (images.length + chosen.length > MAX_IMAGES) onRefused({ key: 'errors.tooManyImages' });
    else if (chosen.some((f) => !f.type.startsWith('image/'))) onRefused({ key: 'postForm.onlyImages' });
    else onAdd(chosen);
  };

  return (
    <fieldset className="post-section post-images">
      <legend>
        {t('postForm.images')}
        <span className="field-optional"> {t('postForm.optional')}</span>
      </legend>
      <p id={`${id}-hint`} className="field-hint">
        {full ? t('postForm.imagesFull', { max: MAX_IMAGES }) : t('postForm.imagesHint', { max: MAX_IMAGES })}
      </p>
      {images.length > 0 ? (
        <ul className="post-thumbs" aria-label={t('postForm.chosenImages', { count: images.length })}>
          {images.map((image, index) => (
            <li key={image.key} className="post-thumb">
              <img src={image.url} alt={t('postForm.imageAlt', { n: index + 1, name: image.file.name })} />
              <button
                type="button"
                className="post-thumb-remove"
                aria-label={t('postForm.removeImage', { n: index + 1, name: image.file.name })}
                onClick={() => onRemove(image.key)}
              >
                <X aria-hidden="true" size={18} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="post-file">
        <input
          id={id}
          type="file"
          accept="image/*"
          multiple
          name="files"
          className="visually-hidden"
          disabled={full}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[`${id}-hint`, problem ? `${id}-problem` : ''].join(' ').trim()}
          onChange={onChange}
        />
        <label htmlFor={id} className={`button button-secondary post-file-button${full ? ' is-disabled' : ''}`}>
          <ImagePlus aria-hidden="true" size={20} />
          {images.length > 0 ? t('postForm.addMoreImages') : t('postForm.chooseImages')}
        </label>
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="field-problem" role={announce ? 'alert' : undefined}>
          {problemText(t, problem)}
        </p>
      ) : null}
    </fieldset>
  );
}
