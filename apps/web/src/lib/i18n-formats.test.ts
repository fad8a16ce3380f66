// French as it is written: "de" elides before a vowel or a mute h, in every text that names a person.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import fr from '../locales/fr-ca.json';
import en from '../locales/en-us.json';
import { addFormats } from './i18n-formats';

async function french() {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'fr-ca',
    lowerCaseLng: true,
    resources: { 'fr-ca': { translation: fr }, 'en-us': { translation: en } },
    interpolation: { escapeValue: false },
  });
  addFormats(instance);
  return instance;
}

describe('French "de" before a name', () => {
  it('writes "le courriel d\'Awa" and "de Moussa", as French does', async () => {
    const i18n = await french();
    expect(i18n.t('dealPage.accessClient', { name: 'Awa' })).toContain("le courriel d'Awa,");
    expect(i18n.t('dealPage.accessClient', { name: 'Moussa' })).toContain('le courriel de Moussa,');
    expect(i18n.t('requests.declineQuestion', { name: 'Ousmane' })).toBe("Refuser la demande d'Ousmane\u00a0?");
    expect(i18n.t('requests.declineQuestion', { name: 'Hélène' })).toBe("Refuser la demande d'Hélène\u00a0?");
    expect(i18n.t('requests.declineQuestion', { name: 'Yacine' })).toBe('Refuser la demande de Yacine\u00a0?');
  });

  it('leaves no "de" followed by a vowel-initial name in the French texts', async () => {
    const i18n = await french();
    const texts: string[] = [];
    const walk = (node: unknown, path: string[]) => {
      if (typeof node === 'string') texts.push(i18n.t(path.join('.'), { name: 'Awa', who: 'Awa', n: 1, count: 1 }));
      else if (node && typeof node === 'object')
        for (const [key, value] of Object.entries(node)) walk(value, [...path, key]);
    };
    walk(fr, []);
    expect(texts.filter((text) => /\bde Awa\b/.test(text))).toEqual([]);
  });

  it('keeps English as it was', async () => {
    const i18n = await french();
    await i18n.changeLanguage('en-us');
    expect(i18n.t('requests.declineQuestion', { name: 'Awa' })).toBe("Decline Awa's request?");
  });
});
