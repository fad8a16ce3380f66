// Business constants of SPEC 9, with money in minor units (D-3).
import type { CurrencyCode } from './money.js';

export const TRIAL_DAYS = 90;
export const SUBSCRIPTION_MONTHS = 12;
/** D-15: the yearly subscription. */
export const YEARLY_PRICE: Record<CurrencyCode, number> = { USD: 1300, EUR: 1200, CDF: 2216000, XOF: 7900, XAF: 7900 };
/** The monthly equivalent shown in the marketing text. */
export const MONTHLY_EQUIVALENT: Record<CurrencyCode, number> = { USD: 110, EUR: 100, CDF: 185000, XOF: 660, XAF: 660 };
export const PAY_AS_YOU_GO_PERCENT = 15;
export const MAX_IMAGES = 4;
export const MOBILE_BREAKPOINT_PX = 500;
export const NOTIFICATION_DROPDOWN_PX = 200;
export const CATEGORY_BAR_SCROLL_PX = 150;
export const GEOLOCATION_TIMEOUT_MS = 60000;
export const LOCATION_MODAL_DELAY_MS = 500;
export const TOOLTIP_HIDE_MS = 1000;
export const TRIAL_REDIRECT_MS = 2000;
export const SOCIAL_REDIRECT_MS = 1000;
export const NOTIFICATION_POLL_MS = 300000;
/** SPEC 2.3 item 6: the selection map's zoom (a street, to pick a point). */
export const ZOOM_SIGNED_IN = 15;
/** D-25: the signed-in dashboard opens at the user's city, its posts in clusters. */
export const ZOOM_CITY = 12;
export const ZOOM_VISITOR = 2;
export const DEFAULT_DIAL_CODE = '+93';
/** D-8 */
export const MIN_PASSWORD_LENGTH = 8;
