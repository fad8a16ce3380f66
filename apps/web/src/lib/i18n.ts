// i18next with only the chosen language loaded: the other one is never downloaded.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeTag, type Language } from '@app/shared';
import { addFormats } from './i18n-formats';

const loaders: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  'en-us': () => import('../locales/en-us.json'),
  'fr-ca': () => import('../locales/fr-ca.json'),
};

export async function initI18n(language: Language): Promise<typeof i18next> {
  const resources = (await loaders[language]()).default;
  document.documentElement.lang = localeTag(language);
  await i18next.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation: resources } },
    interpolation: { escapeValue: false },
    returnNull: false,
    // i18next would turn 'en-us' into 'en-US' and miss the resources stored under SPEC's names.
    lowerCaseLng: true,
  });
  addFormats(i18next);
  return i18next;
}
