// SPEC 2.3 item 3: a category's subcategory cards. 'Your own proposition...' first (price
// '= ???'), then the presets with their price in the chosen currency. A card asks whether the
// user needs it or offers it, then opens the selection map on the way to the matching form.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { currencyOfSetting, formatMoney, pick, type Category, type CategoryId, type Subcategory } from '@app/shared';
import { Modal } from '../../../components/modal';
import { Page } from '../../../components/page';
import { Spinner } from '../../../components/spinner';
import { errorText } from '../../../lib/api-errors';
import { getCurrency, getLanguage } from '../../../lib/settings';
import { useCatalogue } from '../api/get-catalogue';

interface Props {
  title: string;
  /** What shows under the preset cards (the category's posts, composed in app/). */
  below?: (category: CategoryId) => ReactNode;
}

export function CategoryPage({ title, below }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const catalogue = useCatalogue();
  const category = catalogue.data?.categories.find((c) => c.route.toLowerCase() === pathname.toLowerCase());

  return (
    <Page title={title} wide>
      {catalogue.isPending ? <Spinner /> : null}
      {catalogue.isError ? (
        <div className="card" role="alert">
          <p>{errorText(t, catalogue.error)}</p>
          <button type="button" className="button button-secondary" onClick={() => void catalogue.refetch()}>
            {t('categoryPage.retry')}
          </button>
        </div>
      ) : null}
      {category ? <SubcategoryGrid category={category} /> : null}
      {category && below ? below(category.id) : null}
    </Page>
  );
}

function SubcategoryGrid({ category }: { category: Category }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<Subcategory | null>(null);
  const language = getLanguage();
  const code = currencyOfSetting(getCurrency());
  const owns = category.subcategories.filter((s) => s.own);
  const presets = category.subcategories.filter((s) => !s.own);

  // SPEC 2.3 items 2 and 6: the place is chosen on the selection map first, which then goes on to
  // the form named in `url` with the place and this category data.
  const go = (form: '/needsolutionForm' | '/providesolutionForm') => {
    if (!chosen) return;
    void navigate(`/selectionmap/${category.id}/${chosen.id}`, {
      state: { url: form, categoryData: { category: category.id, subCategoryId: chosen.id } },
    });
  };

  const card = (sub: Subcategory) => (
    <li key={sub.id}>
      <button type="button" className="card sub-card" onClick={() => setChosen(sub)}>
        <span className="sub-label">{pick(sub.label, language)}</span>
        <span className="sub-price">
          {sub.own ? t('categoryPage.ownPrice') : formatMoney(sub.prices[code], code, language)}
        </span>
      </button>
    </li>
  );

  return (
    <>
      <ul className="sub-grid">{owns.map(card)}</ul>
      {presets.length > 0 ? (
        <>
          <p className="or-divider">
            <strong>{t('categoryPage.or')}</strong>
            <span>{t('categoryPage.chooseBelow')}</span>
          </p>
          <ul className="sub-grid">{presets.map(card)}</ul>
        </>
      ) : null}
      <Modal
        open={chosen !== null}
        title={t('categoryPage.chooseTitle')}
        onClose={() => setChosen(null)}
        actions={
          <button type="button" className="button button-ghost" onClick={() => setChosen(null)}>
            {t('categoryPage.cancel')}
          </button>
        }
      >
        {chosen ? <p className="muted">{pick(chosen.label, language)}</p> : null}
        <div className="choice-buttons">
          <button type="button" className="button button-need" onClick={() => go('/needsolutionForm')}>
            {t('categoryPage.need')}
          </button>
          <button type="button" className="button button-offer" onClick={() => go('/providesolutionForm')}>
            {t('categoryPage.provide')}
          </button>
        </div>
      </Modal>
    </>
  );
}
