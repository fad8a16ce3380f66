import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@app/shared';
import { getLanguage, switchLanguage } from '../../../lib/settings';

/** The compact English/French switch of the header and the sign-in pages. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {t('app.language')}
      </label>
      <select
        id={id}
        value={getLanguage()}
        onChange={(event) => {
          if (isLanguage(event.target.value)) switchLanguage(event.target.value);
        }}
      >
        <option value="en-us" lang="en">
          {t('settings.english')}
        </option>
        <option value="fr-ca" lang="fr">
          {t('settings.french')}
        </option>
      </select>
    </div>
  );
}
