// Language and currency choices, kept in local storage under SPEC 3's names. Until the user
// chooses, D-24's local defaults apply: the browser's language, the currency of the user's
// country or else of the place the device was found in.
import {
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  isCurrencySetting,
  isLanguage,
  linkLanguage,
  type CurrencySetting,
  type Language,
} from '@app/shared';
import { browserLanguage, currencyOfCountry, positionCountry } from './local-defaults';

export function getLanguage(): Language {
  const stored = safeGet('language');
  return isLanguage(stored) ? stored : (browserLanguage() ?? DEFAULT_LANGUAGE);
}

/**
 * A shared link's `?lang=fr|en` is taken as the user's choice, as the language switch would
 * (the server sent the page in that language too: apps/server/src/plugins/web.ts).
 */
export function adoptLinkLanguage(search: string): void {
  const language = linkLanguage(search);
  if (!language) return;
  try {
    localStorage.setItem('language', language);
  } catch {
    // Storage refused: this page still follows the cookie set from getLanguage's answer.
  }
}

/** The user's country (their account's), else the country the device was last found in. */
export function localCountry(): string | null {
  const raw = safeGet('currentUser');
  if (raw) {
    try {
      const { country } = JSON.parse(raw) as { country?: unknown };
      if (typeof country === 'string' && /^[A-Za-z]{2}$/.test(country)) return country.toUpperCase();
    } catch {
      // A damaged entry: fall through to the position.
    }
  }
  return positionCountry();
}

/** SPEC 4: the language switch stores the choice and reloads the page. */
export function switchLanguage(language: Language): void {
  localStorage.setItem('language', language);
  rememberLanguageForServer(language);
  window.location.reload();
}

/**
 * The server sends the public pages prerendered in this language (a cookie, as local
 * storage never reaches it); without the cookie it follows Accept-Language.
 */
export function rememberLanguageForServer(language: Language): void {
  try {
    document.cookie = `language=${language}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Cookies refused: the server falls back to Accept-Language.
  }
}

export function getCurrency(): CurrencySetting {
  const stored = safeGet('currency');
  if (isCurrencySetting(stored)) return stored;
  const country = localCountry();
  return country ? currencyOfCountry(country) : DEFAULT_CURRENCY;
}

export function setCurrency(currency: CurrencySetting): void {
  localStorage.setItem('currency', currency);
}

/** The data saver setting's key (lib/data-saver.ts), read here without React. */
export const DATA_SAVER_KEY = 'dataSaver';

export function isDataSaverOn(): boolean {
  return safeGet(DATA_SAVER_KEY) === 'on';
}

export function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Private modes may refuse storage; defaults apply.
    return null;
  }
}
