// SPEC 2.2 Share App: the device share sheet below 500 px, an e-mail draft on wide screens.
import { MOBILE_BREAKPOINT_PX } from '@app/shared';

export interface ShareContent {
  subject: string;
  text: string;
  url: string;
}

export function mailtoLink({ subject, text, url }: ShareContent): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(`${text}\n\n${url}`)}`;
}

export async function shareApp(
  content: ShareContent,
  openUrl: (url: string) => void = (url) => window.location.assign(url),
): Promise<'shared' | 'mail'> {
  const narrow = window.innerWidth < MOBILE_BREAKPOINT_PX;
  if (narrow && typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: content.subject, text: content.text, url: content.url });
      return 'shared';
    } catch {
      // Cancelled or refused: fall back to the e-mail draft below.
    }
  }
  openUrl(mailtoLink(content));
  return 'mail';
}
