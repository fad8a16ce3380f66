// Formats the locale files use inside their texts. `{{name, de}}` is French "de" before a name,
// elided as French writes it: "le courriel d'Awa", "la demande de Moussa" (shared `frenchOf`).
// Every i18next the app starts (the app, the prerender, the tests) adds them.
import type { i18n } from 'i18next';
import { frenchOf } from '@app/shared';

export function addFormats(instance: i18n): void {
  instance.services.formatter?.add('de', (value: unknown) => frenchOf(String(value ?? '')));
}
