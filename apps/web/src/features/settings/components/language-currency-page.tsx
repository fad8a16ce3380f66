import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CURRENCY_SETTINGS,
  LANGUAGES,
  currencyOfSetting,
  formatMoney,
  type CurrencySetting,
  type Language,
} from '@app/shared';
import { Page } from '../../../components/page';
import { formatBytes, useBytesSaved, useDataSaver } from '../../../lib/data-saver';
import { chooseLanguage } from '../../../lib/language-choice';
import { getCurrency, getLanguage, setCurrency } from '../../../lib/settings';

const LANGUAGE_LABEL: Record<Language, string> = { 'en-us': 'settings.english', 'fr-ca': 'settings.french' };
// A typical preset (SPEC 9: big box) to show how prices will look.
const EXAMPLE = { USD: 500, EUR: 449, XOF: 2950 } as const;

export function LanguageCurrencyPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const current = getLanguage();
  const [language, setLanguage] = useState<Language>(current);
  const [currency, setCurrencyChoice] = useState<CurrencySetting>(getCurrency());
  const [saved, setSaved] = useState(false);
  const code = currencyOfSetting(currency);

  return (
    <Page title={title}>
      <form
        className="card form"
        onSubmit={(event) => {
          event.preventDefault();
          setCurrency(currency);
          if (language !== current) chooseLanguage(language);
          else setSaved(true);
        }}
      >
        <fieldset>
          <legend>{t('settings.languageLegend')}</legend>
          {LANGUAGES.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="language"
                value={value}
                checked={language === value}
                onChange={() => {
                  setLanguage(value);
                  setSaved(false);
                }}
              />
              <span lang={value === 'fr-ca' ? 'fr' : 'en'}>{t(LANGUAGE_LABEL[value])}</span>
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t('settings.currencyLegend')}</legend>
          {CURRENCY_SETTINGS.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="currency"
                value={value}
                checked={currency === value}
                onChange={() => {
                  setCurrencyChoice(value);
                  setSaved(false);
                }}
              />
              <span>{t(`settings.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        <p className="muted">{t('settings.example', { price: formatMoney(EXAMPLE[code], code, current) })}</p>
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            {t('settings.save')}
          </button>
          {saved ? (
            <span role="status" className="saved">
              {t('settings.saved')}
            </span>
          ) : null}
        </div>
      </form>
      <DataSaverSwitch />
    </Page>
  );
}

/** The data saver applies at once (no Save needed); the map and photos follow it. */
function DataSaverSwitch() {
  const { t, i18n } = useTranslation();
  const [on, setOn] = useDataSaver();
  const saved = useBytesSaved();
  return (
    <section className="card form" aria-labelledby="data-saver-title">
      <h2 id="data-saver-title">{t('dataSaver.title')}</h2>
      <label className="choice">
        <input
          type="checkbox"
          checked={on}
          aria-describedby="data-saver-hint"
          onChange={(event) => setOn(event.target.checked)}
        />
        <span>{t('dataSaver.label')}</span>
      </label>
      <p id="data-saver-hint" className="muted">
        {t('dataSaver.hint')}
      </p>
      <p className="muted" data-testid="bytes-saved">
        {saved > 0 ? t('dataSaver.saved', { amount: formatBytes(saved, i18n.language) }) : t('dataSaver.savedNone')}
      </p>
    </section>
  );
}
