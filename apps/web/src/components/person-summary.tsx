// D-27, D-29: a person as every screen shows them: first name, '+ID' and VIP badges (SPEC 2.3
// item 1), member since, completed deals and rating (average and count). Fields the server did
// not send are left out, so the same piece serves a deal, a post's details, a list and a popup.
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { localeTag } from '@app/shared';
import { getLanguage } from '../lib/settings';
import './person-summary.css';
import { dateTimeFormat, numberFormat } from '../lib/intl';

export interface PersonFacts {
  firstName: string;
  verified: boolean;
  vip: boolean;
  member_since?: string | null | undefined;
  completed_deals?: number | null | undefined;
  rating?: { average: number | null; count: number } | null | undefined;
}

interface Props {
  person: PersonFacts;
  /**
   * 'full' on a deal; 'compact' (one line, with the name) on deal cards and popups; 'facts' (the
   * rating and completed deals only) where the name and badges are shown already.
   */
  size?: 'full' | 'compact' | 'facts';
  /** The heading level of the name in 'full' (the page decides its outline). */
  headingLevel?: 2 | 3 | 4;
}

export function PersonSummary({ person, size = 'full', headingLevel = 3 }: Props) {
  const { t } = useTranslation();
  const language = getLanguage();
  const since = person.member_since ? new Date(person.member_since) : null;
  const sinceText =
    since && !Number.isNaN(since.getTime())
      ? dateTimeFormat(localeTag(language), { month: 'long', year: 'numeric' }).format(since)
      : null;
  const rating = person.rating;
  const rated = rating && rating.count > 0 && rating.average !== null;
  const average = rated
    ? numberFormat(localeTag(language), { maximumFractionDigits: 1 }).format(rating.average ?? 0)
    : '';

  const badges =
    person.verified || person.vip ? (
      <span className="person-badges">
        {person.verified ? (
          <span className="person-badge person-badge-id" title={t('person.verifiedLabel')}>
            <span aria-hidden="true">{t('person.verifiedBadge')}</span>
            <span className="visually-hidden">{t('person.verifiedLabel')}</span>
          </span>
        ) : null}
        {person.vip ? (
          <span className="person-badge person-badge-vip" title={t('person.vipLabel')}>
            <span aria-hidden="true">{t('person.vipBadge')}</span>
            <span className="visually-hidden">{t('person.vipLabel')}</span>
          </span>
        ) : null}
      </span>
    ) : null;

  const ratingLine = rating ? (
    <span className="person-rating">
      {rated ? (
        <>
          <Star aria-hidden="true" size={15} className="person-star" />
          <span aria-hidden="true">{t('person.ratingShort', { average, count: rating.count })}</span>
          <span className="visually-hidden">{t('person.ratingLong', { average, count: rating.count })}</span>
        </>
      ) : (
        t('person.notRated')
      )}
    </span>
  ) : null;
  const dealsLine =
    typeof person.completed_deals === 'number' ? (
      <span className="person-deals">{t('person.completedDeals', { count: person.completed_deals })}</span>
    ) : null;

  if (size === 'facts') {
    if (!ratingLine && !dealsLine) return null;
    return (
      <span className="person person-compact">
        {ratingLine}
        {dealsLine}
      </span>
    );
  }
  if (size === 'compact') {
    return (
      <span className="person person-compact">
        <span className="person-name">{person.firstName}</span>
        {badges}
        {ratingLine}
        {dealsLine}
      </span>
    );
  }
  const Heading = headingLevel === 2 ? 'h2' : headingLevel === 4 ? 'h4' : 'h3';
  return (
    <div className="person">
      <Heading className="person-name person-heading">
        {person.firstName}
        {badges}
      </Heading>
      <ul className="person-facts">
        {ratingLine ? <li>{ratingLine}</li> : null}
        {dealsLine ? <li>{dealsLine}</li> : null}
        {sinceText ? <li>{t('person.memberSince', { date: sinceText })}</li> : null}
      </ul>
    </div>
  );
}
