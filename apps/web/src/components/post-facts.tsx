// The facts of a post as SPEC 2.3 items 8 and 9 list them: the service, the pickup (or only)
// address and its date, the delivery address and desired date when the category has them, the
// description and the price.
import { useTranslation } from 'react-i18next';
import type { Solution } from '@app/shared';
import { useCountryName } from '../lib/countries';
import { PostPlace } from './post-place';
import { postTitleOf } from '../lib/post-title';
import { categoryName, formatPlainDate, isOwnProposition, joinPlace, showsDelivery } from '../lib/post';

interface Props {
  solution: Solution;
  /**
   * 'own' on the acceptance screens: the price only for 'Your own proposition...' (SPEC 2.3 item 9).
   * 'none' on a detail, which shows the price under its heading.
   */
  price: 'none' | 'own';
  /** The acceptance screens name the service first; a detail has it as its heading. */
  service?: boolean;
}

export function PostFacts({ solution, price, service = false }: Props) {
  const { t } = useTranslation();
  const delivery = showsDelivery(solution);
  // The stored ISO code, named in the reader's language.
  const countryName = useCountryName();
  const pickupPlace = joinPlace(
    solution.pickup_street_address,
    solution.pickup_postal_address,
    solution.pickup_city,
    solution.pickup_region,
    countryName(solution.pickup_country),
  );
  const deliveryPlace = joinPlace(
    solution.delivery_street_address,
    solution.delivery_postal_address,
    solution.delivery_city,
    solution.delivery_region,
    countryName(solution.delivery_country),
  );
  const showPrice = price === 'own' && isOwnProposition(solution);
  return (
    <dl className="deal-facts">
      {service ? (
        <>
          <Fact label={t('details.category')}>{categoryName(solution.category)}</Fact>
          {/* D-30: the service is named by the post's title, never "Your own proposition…". */}
          <Fact label={t('deals.service')}>{postTitleOf(solution)}</Fact>
        </>
      ) : null}
      <Fact label={delivery ? t('details.pickup') : t('details.address')}>{pickupPlace || '—'}</Fact>
      {/* D-35: exact (with a link to open it) or approximate. */}
      <Fact label={t('approximate.location')}>
        <PostPlace solution={solution} />
      </Fact>
      {solution.pickup_date ? (
        <Fact label={delivery ? t('details.pickupDate') : t('details.date')}>
          {formatPlainDate(solution.pickup_date)}
          {/* D-33: a need's last day, so "2 days" can be said. */}
          {solution.dates_to && solution.dates_to !== solution.pickup_date
            ? ` – ${formatPlainDate(solution.dates_to)}`
            : ''}
        </Fact>
      ) : null}
      {delivery ? (
        <>
          <Fact label={t('details.delivery')}>{deliveryPlace || '—'}</Fact>
          {solution.delivery_date ? (
            <Fact label={t('details.deliveryDate')}>{formatPlainDate(solution.delivery_date)}</Fact>
          ) : null}
        </>
      ) : null}
      <Fact label={t('details.description')} wide>
        <span className="deal-description">{solution.description}</span>
      </Fact>
      {showPrice ? (
        <Fact label={t('details.price')}>
          <strong className="deal-price">{solution.display_price}</strong>
        </Fact>
      ) : null}
    </dl>
  );
}

function Fact({ label, children, wide = false }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'deal-fact deal-fact-wide' : 'deal-fact'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
