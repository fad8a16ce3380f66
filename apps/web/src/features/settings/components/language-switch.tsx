import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@app/shared';
import { chooseLanguage } from '../../../lib/language-choice';
import { getLanguage } from '../../../lib/settings';

/** The compact English/French switch of the header and the sign-in pages. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  // The language the page is written in (a prerendered page knows no local storage).
  const current = isLanguage(i18n.language) ? i18n.language : getLanguage();
  // On a prerendered page the switch works before the app has loaded. Hydration leaves
  // the DOM's choice as it is, so a choice that differs from the HTML's is taken over once, here.
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const chosen = select.current?.selectedOptions[0];
    if (chosen && !chosen.defaultSelected && chosen.value !== current && isLanguage(chosen.value)) {
      chooseLanguage(chosen.value);
    }
    // Once, at mount: later choices come through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {t('app.language')}
      </label>
      <select
        id={id}
        ref={select}
        value={current}
        onChange={(event) => {
          if (isLanguage(event.target.value)) chooseLanguage(event.target.value);
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
