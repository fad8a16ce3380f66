// The avatar picker of the profile: an image file, previewed before it is saved. SPEC allows
// several files; only the first image would be used, so one is asked for.
import { CircleUser, ImageUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChosenImage } from '../../../lib/use-chosen-images';
import '../profile.css';

interface AvatarFieldProps {
  current: string | null;
  chosen: ChosenImage | null;
  onChange: (file: File | null) => void;
  /** Bumped after a save so the input forgets the saved file. */
  resetKey: number;
}

export function AvatarField({ current, chosen, onChange, resetKey }: AvatarFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const preview = chosen?.url ?? null;
  const [notImage, setNotImage] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const src = preview ?? current;

  return (
    <div className="avatar-field">
      <div className="avatar-frame">
        {src ? (
          <img
            className="avatar-image"
            src={src}
            alt={preview ? t('profile.avatarPreviewAlt') : t('profile.avatarAlt')}
            width="96"
            height="96"
          />
        ) : (
          <CircleUser aria-hidden="true" size={72} className="avatar-placeholder" />
        )}
      </div>
      <div className="avatar-controls">
        <input
          key={resetKey}
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          className="visually-hidden avatar-input"
          aria-describedby={hintId}
          onChange={(event) => {
            const picked = event.target.files?.[0] ?? null;
            const isImage = picked?.type.startsWith('image/') ?? false;
            setNotImage(picked !== null && !isImage);
            onChange(isImage ? picked : null);
            if (picked && !isImage) event.target.value = '';
          }}
        />
        <label htmlFor={inputId} className="button button-secondary button-small avatar-choose">
          <ImageUp aria-hidden="true" size={18} />
          {t('profile.chooseAvatar')}
        </label>
        <p id={hintId} className="muted avatar-hint">
          {chosen ? t('profile.previewHint', { name: chosen.file.name }) : t('profile.avatarHint')}
        </p>
        {chosen ? (
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => {
              onChange(null);
              if (input.current) input.current.value = '';
            }}
          >
            {t('profile.discardAvatar')}
          </button>
        ) : null}
        {notImage ? (
          <p role="alert" className="account-error">
            {t('profile.notImage')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
