// STYLE 7: the one place that turns an API error into text in the user's language.
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    return error.code === 'NETWORK' ? t('errors.network') : t(`apiErrors.${error.code}`);
  }
  return t('errors.generic');
}
