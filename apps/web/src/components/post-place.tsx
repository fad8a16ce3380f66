// D-35: where a post is, as its viewer may know it: the exact point with a link that opens it in a
// maps application (its owner, a confirmed deal's parties, a shop that shows its place), or a note
// that the point shown is only approximate, within about 1 km.
import { useTranslation } from 'react-i18next';
import type { Solution } from '@app/shared';

/** OpenStreetMap's page with a marker at the point: opens in the browser or a maps application. */
export const mapsLink = (lat: number, lng: number): string =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;

export function PostPlace({ solution }: { solution: Pick<Solution, 'pickup_lat' | 'pickup_lng' | 'location_exact'> }) {
  const { t } = useTranslation();
  if (!solution.location_exact) return <span className="post-place-approx">{t('approximate.approximateNote')}</span>;
  return (
    <span className="post-place-exact">
      {t('approximate.exactNote')}{' '}
      <a
        className="post-place-link"
        href={mapsLink(solution.pickup_lat, solution.pickup_lng)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('approximate.openInMaps')}
      </a>
    </span>
  );
}
