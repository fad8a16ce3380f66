// D-24: local defaults. SPEC's defaults (English, dollar, dial code +93) apply only when nothing
// better is known; the user's own choice, once made, always wins (lib/settings.ts reads it first).
import type { CurrencySetting, Language } from '@app/shared';

/** The browser's language, French → fr-ca, English → en-us; null when it is neither. */
export function browserLanguage(languages: readonly unknown[] = navigatorLanguages()): Language | null {
  for (const tag of languages) {
    // A stubbed or odd navigator may list anything: only language tags count.
    if (typeof tag !== 'string') continue;
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'fr') return 'fr-ca';
    if (base === 'en') return 'en-us';
  }
  return null;
}

function navigatorLanguages(): readonly unknown[] {
  if (typeof navigator === 'undefined') return [];
  return Array.isArray(navigator.languages) ? navigator.languages : [navigator.language];
}

// The CFA franc zone: XOF (UEMOA) and XAF (CEMAC). Prices show in "F CFA" (the 'fr' setting).
const FRANC_ZONE = new Set(['BJ', 'BF', 'CI', 'GW', 'ML', 'NE', 'SN', 'TG', 'CM', 'CF', 'TD', 'CG', 'GQ', 'GA']);
// The euro area, and the states that use the euro by agreement.
const EURO_AREA = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'EE', 'FI', 'FR', 'DE', 'GR', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PT', 'SK',
  'SI', 'ES', 'AD', 'MC', 'SM', 'VA', 'ME', 'XK',
  // French overseas departments use the euro too.
  'GF', 'GP', 'MQ', 'RE', 'YT', 'PM', 'BL', 'MF',
]); // prettier-ignore

/** D-24: CFA franc in the franc zone, euro in the euro area, else dollar. */
export function currencyOfCountry(country: string): CurrencySetting {
  const code = country.toUpperCase();
  if (FRANC_ZONE.has(code)) return 'fr';
  if (EURO_AREA.has(code)) return 'euro';
  return 'dollar';
}

const POSITION_COUNTRY = 'positionCountry';

/** The country the device was last found in (named by the server's reverse place lookup). */
export function positionCountry(): string | null {
  try {
    const code = localStorage.getItem(POSITION_COUNTRY);
    return code && /^[A-Z]{2}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}

export function rememberPositionCountry(code: string): void {
  try {
    localStorage.setItem(POSITION_COUNTRY, code.toUpperCase());
  } catch {
    // Private modes may refuse storage: the defaults stay SPEC's.
  }
}
