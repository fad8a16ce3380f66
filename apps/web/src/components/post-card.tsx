// One post in a list (public lists, My Offers, My Orders): its thumbnail or an icon, the
// sub-category in the chosen language, the place, the date, the price and the badges. The card
// opens the post's detail; actions (delete) sit beside the link, never inside it.
import { CalendarDays, Clock, MapPin, Search, Tag } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Solution } from '@app/shared';
import { useCountryName } from '../lib/countries';
import { recordSaved, THUMB_BYTES, useDataSaver } from '../lib/data-saver';
import { formatAge, formatDistance } from '../lib/distance-age';
import { postTitleOf } from '../lib/post-title';
import { getLanguage } from '../lib/settings';
import { categoryName, detailPath, formatMoment, formatPlainDate, isOffer, joinPlace } from '../lib/post';
import { PersonSummary } from './person-summary';
import { Badges } from './post-badges';

interface Props {
  solution: Solution;
  /** Lines under the title (status, visits). */
  extra?: ReactNode;
  /** Controls beside the link (delete). */
  actions?: ReactNode;
  /** Whose need or offer it is, when the list knows ("Your need"); else the kind's SPEC name. */
  kindLabel?: string | undefined;
}

export function PostCard({ solution, extra, actions, kindLabel }: Props) {
  const { t } = useTranslation();
  const offer = isOffer(solution.user_role);
  const [dataSaver] = useDataSaver();
  // With data saver on, a card shows its kind's icon, never the photo.
  const thumb = dataSaver ? undefined : solution.images[0]?.thumb_url;
  const skipped = dataSaver ? solution.images[0]?.thumb_url : undefined;
  useEffect(() => {
    if (skipped) recordSaved(`skip:${skipped}`, THUMB_BYTES);
  }, [skipped]);
  const language = getLanguage();
  const countryName = useCountryName(language);
  const place = joinPlace(solution.pickup_city, countryName(solution.pickup_country));
  const date = solution.pickup_date ? formatPlainDate(solution.pickup_date) : formatMoment(solution.created_at);
  const Icon = offer ? Tag : Search;
  const age = formatAge(solution.created_at, language);
  return (
    <article className={`deal-card ${offer ? 'deal-card-offer' : 'deal-card-need'}`}>
      <Link to={detailPath(solution)} className="deal-card-link">
        {thumb ? (
          <img className="deal-card-thumb" src={thumb} alt="" width="72" height="72" loading="lazy" />
        ) : (
          <span className="deal-card-thumb deal-card-icon" aria-hidden="true">
            <Icon size={28} />
          </span>
        )}
        <span className="deal-card-body">
          <span className="deal-card-kind">
            {kindLabel ?? t(offer ? 'details.offer' : 'details.need')}
            {` · ${categoryName(solution.category, language)}`}
          </span>
          <span className="deal-card-title">{postTitleOf(solution, language)}</span>
          <span className="deal-card-meta">
            <span className="deal-card-price">{solution.display_price}</span>
            <Badges verified={solution.user.verified} vip={solution.user.vip} />
          </span>
          {/* D-29: the poster's rating and completed deals, when the list carries them. */}
          <PersonSummary person={solution.user} size="facts" />
          {place ? (
            <span className="deal-card-line">
              <MapPin aria-hidden="true" size={15} />
              {place}
            </span>
          ) : null}
          <span className="deal-card-line">
            <CalendarDays aria-hidden="true" size={15} />
            {date}
          </span>
          {/* How far (lists and search with near) and how old, on every card. */}
          <span className="deal-card-line deal-card-near">
            <Clock aria-hidden="true" size={15} />
            {solution.distance_km !== undefined
              ? t('cards.awayPosted', { distance: formatDistance(solution.distance_km, language), age })
              : t('cards.posted', { age })}
          </span>
          {solution.description ? <span className="deal-card-text">{solution.description}</span> : null}
          {extra}
        </span>
      </Link>
      {actions ? <div className="deal-card-actions">{actions}</div> : null}
    </article>
  );
}
