// SPEC 2.3 item 2: 'Post as a' Solution Provider (green) or Client (blue). Either leads to the
// selection map of the chosen category, carrying the form to open next and the category data.
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pick, type Category } from '@app/shared';
import { Modal } from '../../../components/modal';
import { getLanguage } from '../../../lib/settings';

export type PostForm = '/providesolutionForm' | '/needsolutionForm';

/** Where the post modal leads: the selection map, with what the form needs in router state. */
export function selectionMapTarget(category: Category, url: PostForm) {
  const subCategoryId = category.subcategories[0]!.id;
  return {
    path: `/selectionmap/${category.id}/${subCategoryId}`,
    state: { url, categoryData: { category: category.id, subCategoryId } },
  };
}

export function PostModal({ category, onClose }: { category: Category | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = (url: PostForm) => {
    if (!category) return;
    const target = selectionMapTarget(category, url);
    navigate(target.path, { state: target.state });
  };
  return (
    <Modal
      open={category !== null}
      title={t('map.postAs')}
      onClose={onClose}
      actions={
        <button type="button" className="button button-ghost" onClick={onClose}>
          {t('map.cancel')}
        </button>
      }
    >
      {category ? <p className="muted">{pick(category.name, getLanguage())}</p> : null}
      <div className="choice-buttons">
        <button type="button" className="button button-offer" onClick={() => go('/providesolutionForm')}>
          {t('map.provider')}
        </button>
        <button type="button" className="button button-need" onClick={() => go('/needsolutionForm')}>
          {t('map.client')}
        </button>
      </div>
    </Modal>
  );
}
