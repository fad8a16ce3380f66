// An ID image answers only to the admin's key (D-11): an <img src> cannot send it, so the image
// is fetched with the session headers and shown through a blob: URL (the CSP allows blob:).
import { getAuthKey } from '../../../lib/session';

export async function fetchIdImage(url: string, signal?: AbortSignal): Promise<Blob> {
  const headers = new Headers({ device: 'web' });
  const key = getAuthKey();
  if (key) {
    headers.set('access-token', key);
    headers.set('token-type', 'Bearer');
  }
  const response = await fetch(url, { headers, signal });
  if (!response.ok) throw new Error(`ID image: ${response.status}`);
  return response.blob();
}
