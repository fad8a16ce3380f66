// Language and currency choices, kept in local storage under SPEC 3's names.
import {
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  isCurrencySetting,
  isLanguage,
  type CurrencySetting,
  type Language,
} from '@app/shared';

export function getLanguage(): Language {
  const stored = safeGet('language');
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** SPEC 4: the language switch stores the choice and reloads the page. */
export function switchLanguage(language: Language): void {
  localStorage.setItem('language', language);
  window.location.reload();
}

export function getCurrency(): CurrencySetting {
  const stored = safeGet('currency');
  return isCurrencySetting(stored) ? stored : DEFAULT_CURRENCY;
}

export function setCurrency(currency: CurrencySetting): void {
  localStorage.setItem('currency', currency);
}

export function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Private modes may refuse storage; defaults apply.
    return null;
  }
}
