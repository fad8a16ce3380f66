// An own price far from the category's usual prices is confirmed before it is sent
// (3000 typed as dollars when CFA francs were meant).
import { useTranslation } from 'react-i18next';
import { currencyOfSetting, formatMoney, pick, type Category, type CurrencySetting } from '@app/shared';
import { Modal } from '../../../components/modal';
import { getLanguage } from '../../../lib/settings';
import { priceEcho } from '../utils/post-form';

interface FarPriceDialogProps {
  category: Category | undefined;
  price: string;
  currency: CurrencySetting;
  onPublish: () => void;
  /** Back to the price field. */
  onChange: () => void;
}

export function FarPriceDialog({ category, price, currency, onPublish, onChange }: FarPriceDialogProps) {
  const { t } = useTranslation();
  const language = getLanguage();
  const code = currencyOfSetting(currency);
  const presetPrices = (category?.subcategories ?? []).filter((s) => !s.own).map((s) => s.prices[code]);
  return (
    <Modal
      open
      title={t('postForm.farPrice.title')}
      onClose={onChange}
      actions={
        <>
          <button type="button" className="button button-primary" onClick={onPublish}>
            {t('postForm.farPrice.publish')}
          </button>
          <button type="button" className="button button-ghost" onClick={onChange}>
            {t('postForm.farPrice.change')}
          </button>
        </>
      }
    >
      {presetPrices.length > 0 ? (
        <p>
          {t('postForm.farPrice.text', {
            price: formatMoney(priceEcho(price, currency)?.[code] ?? 0, code, language),
            category: category ? pick(category.name, language) : '',
            low: formatMoney(Math.min(...presetPrices), code, language),
            high: formatMoney(Math.max(...presetPrices), code, language),
          })}
        </p>
      ) : null}
    </Modal>
  );
}
