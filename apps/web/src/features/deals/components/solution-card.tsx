// One post in a list (public lists, My Offers, My Orders): its thumbnail or an icon, the
// sub-category in the chosen language, the place, the date, the price and the badges. The card
// opens the post's detail; actions (delete) sit beside the link, never inside it.
import { CalendarDays, MapPin, Search, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Solution } from '@app/shared';
import { getLanguage } from '../../../lib/settings';
import {
  categoryName,
  detailPath,
  formatMoment,
  formatPlainDate,
  isOffer,
  joinPlace,
  subCategoryOf,
} from '../utils/solution';
import { Badges } from './badges';

interface Props {
  solution: Solution;
  /** Lines under the title (status, visits). */
  extra?: ReactNode;
  /** Controls beside the link (delete). */
  actions?: ReactNode;
}

export function SolutionCard({ solution, extra, actions }: Props) {
  const { t } = useTranslation();
  const offer = isOffer(solution.user_role);
  const thumb = solution.images[0]?.thumb_url;
  const place = joinPlace(solution.pickup_city, solution.pickup_country);
  const date = solution.pickup_date ? formatPlainDate(solution.pickup_date) : formatMoment(solution.created_at);
  const Icon = offer ? Tag : Search;
  const language = getLanguage();
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
            {t(offer ? 'details.offer' : 'details.need')}
            {` · ${categoryName(solution.category, language)}`}
          </span>
          <span className="deal-card-title">{subCategoryOf(solution, language)}</span>
          <span className="deal-card-meta">
            <span className="deal-card-price">{solution.display_price}</span>
            <Badges verified={solution.user.verified} vip={solution.user.vip} />
          </span>
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
          {solution.description ? <span className="deal-card-text">{solution.description}</span> : null}
          {extra}
        </span>
      </Link>
      {actions ? <div className="deal-card-actions">{actions}</div> : null}
    </article>
  );
}
