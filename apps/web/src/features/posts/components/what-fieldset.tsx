// The publish form's first part (SPEC 5): the category (asked only when the router brought none),
// the subcategory with its preset price, the title (D-30), an own price echoed in the other two
// currencies, how an own proposition is priced and how many of an offer booked by date
// can be booked at once (D-33), and the description.
import { useTranslation } from 'react-i18next';
import {
  BOOKING_UNITS,
  CATEGORIES,
  DESCRIPTION_MAX,
  TITLE_MAX,
  currencyOfSetting,
  findCategory,
  findSubcategory,
  formatMoney,
  minorDigits,
  pick,
  type BookingUnit,
  type CategoryId,
  type UserRole,
} from '@app/shared';
import { getCurrency, getLanguage } from '../../../lib/settings';
import { asksCapacity, priceEcho, type PostFields, type Problems } from '../utils/post-form';
import { FormField } from './form-field';

type PriceCode = 'USD' | 'EUR' | 'XOF';
/** The two currencies a typed price is echoed in. */
const OTHER_CURRENCIES: Record<PriceCode, readonly [PriceCode, PriceCode]> = {
  USD: ['EUR', 'XOF'],
  EUR: ['XOF', 'USD'],
  XOF: ['EUR', 'USD'],
};

interface WhatFieldsetProps {
  role: UserRole;
  fields: PostFields;
  problems: Problems;
  /** The category came with the route: it is shown, not asked. */
  fixedCategory: boolean;
  onCategory: (id: CategoryId | '') => void;
  onSubcategory: (id: string) => void;
  onText: (name: 'title' | 'price' | 'capacity' | 'description', value: string) => void;
  onUnit: (unit: BookingUnit | '') => void;
}

export function WhatFieldset({
  role,
  fields,
  problems,
  fixedCategory,
  onCategory,
  onSubcategory,
  onText,
  onUnit,
}: WhatFieldsetProps) {
  const { t } = useTranslation();
  const language = getLanguage();
  const currency = getCurrency();
  const code = currencyOfSetting(currency);
  const category = fields.category ? findCategory(fields.category) : undefined;
  const sub = findSubcategory(fields.subCategoryId)?.sub;
  const echo = sub?.own ? priceEcho(fields.price, currency) : null;
  const others = OTHER_CURRENCIES[code];

  return (
    <fieldset className="post-section">
      <legend>{t('postForm.whatLegend')}</legend>
      {fixedCategory ? (
        <p className="post-category">
          <span className="muted">{t('postForm.category')}</span>{' '}
          <strong>{category ? pick(category.name, language) : null}</strong>
        </p>
      ) : (
        <FormField name="category" label={t('postForm.category')} problem={problems.category}>
          {(control) => (
            <select
              {...control}
              value={fields.category}
              onChange={(event) => onCategory(event.target.value as CategoryId | '')}
            >
              <option value="">{t('postForm.chooseCategory')}</option>
              {CATEGORIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {pick(c.name, language)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <FormField
        name="sub_category_id"
        label={t('postForm.subcategory')}
        problem={problems.sub_category_id}
        hint={
          sub && !sub.own ? (
            <span className="post-price" data-testid="preset-price">
              {t('postForm.presetPrice', { price: formatMoney(sub.prices[code], code, language) })}
            </span>
          ) : undefined
        }
      >
        {(control) => (
          <select
            {...control}
            value={fields.subCategoryId}
            disabled={!category}
            onChange={(event) => onSubcategory(event.target.value)}
          >
            <option value="">{t('postForm.chooseSubcategory')}</option>
            {(category?.subcategories ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.own
                  ? pick(s.label, language)
                  : t('postForm.subcategoryOption', {
                      label: pick(s.label, language),
                      price: formatMoney(s.prices[code], code, language),
                    })}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        name="title"
        label={t('postForm.title')}
        optional
        hint={t('postForm.titleHint', { count: fields.title.length, max: TITLE_MAX })}
        problem={problems.title}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            maxLength={TITLE_MAX}
            autoComplete="off"
            value={fields.title}
            onChange={(event) => onText('title', event.target.value)}
          />
        )}
      </FormField>
      {sub?.own ? (
        <>
          <FormField
            name="price"
            label={t('postForm.price', { currency: t(`settings.${currency}`) })}
            hint={t('postForm.priceHint')}
            problem={problems.price}
          >
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="decimal"
                min="0"
                step={minorDigits(code) === 0 ? '1' : '0.01'}
                value={fields.price}
                onChange={(event) => onText('price', event.target.value)}
              />
            )}
          </FormField>
          {/* The amount in the other two currencies, as it is typed. */}
          <p className="post-price-echo" aria-live="polite" data-testid="price-echo">
            {echo
              ? t('postForm.priceEcho', {
                  first: formatMoney(echo[others[0]], others[0], language),
                  second: formatMoney(echo[others[1]], others[1], language),
                })
              : null}
          </p>
          <FormField name="unit" label={t('postForm.unit')} hint={t('postForm.unitHint')} problem={problems.unit}>
            {(control) => (
              <select
                {...control}
                value={fields.unit}
                onChange={(event) => onUnit(event.target.value as BookingUnit | '')}
              >
                <option value="">{t('postForm.units.none')}</option>
                {BOOKING_UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {t(`postForm.units.${unit}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </>
      ) : null}
      {asksCapacity(role, fields) ? (
        <FormField
          name="capacity"
          label={t('postForm.capacity')}
          hint={t('postForm.capacityHint')}
          problem={problems.capacity}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min="1"
              max="1000"
              step="1"
              value={fields.capacity}
              onChange={(event) => onText('capacity', event.target.value)}
            />
          )}
        </FormField>
      ) : null}
      <FormField
        name="description"
        label={t('postForm.description')}
        hint={t('postForm.descriptionCount', { count: fields.description.length, max: DESCRIPTION_MAX })}
        problem={problems.description}
      >
        {(control) => (
          <textarea
            {...control}
            rows={5}
            maxLength={DESCRIPTION_MAX}
            value={fields.description}
            onChange={(event) => onText('description', event.target.value)}
          />
        )}
      </FormField>
    </fieldset>
  );
}
