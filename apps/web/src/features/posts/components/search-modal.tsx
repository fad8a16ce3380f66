// SPEC 2.3 item 25: the Search modal, free text plus one field: pickup_country (the default),
// category or sub_category.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_FIELDS, searchTextTooShort, type SearchField } from '@app/shared';
import { Modal } from '../../../components/modal';

interface Props {
  open: boolean;
  initialText: string;
  initialField: SearchField;
  onSearch: (text: string, field: SearchField) => void;
  onClose: () => void;
}

export function SearchModal({ open, initialText, initialField, onSearch, onClose }: Props) {
  const { t } = useTranslation();
  const formId = useId();
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState(initialText);
  const [field, setField] = useState<SearchField>(initialField);
  const empty = text.trim() === '';
  // The server searches countries from two letters on.
  const tooShort = !empty && searchTextTooShort(field, text);
  return (
    <Modal
      open={open}
      title={t('lists.searchTitle')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('lists.cancel')}
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={empty || tooShort}>
            {t('lists.submitSearch')}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="form deal-search-form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          if (!empty && !tooShort) onSearch(text.trim(), field);
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>{t('lists.searchText')}</label>
          <input
            id={inputId}
            type="search"
            value={text}
            maxLength={100}
            autoComplete="off"
            aria-describedby={tooShort ? hintId : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {tooShort ? (
            <p id={hintId} className="field-hint" role="status">
              {t('lists.searchTooShort')}
            </p>
          ) : null}
        </div>
        <fieldset className="deal-search-fields">
          <legend>{t('lists.searchField')}</legend>
          {SEARCH_FIELDS.map((name) => (
            <label key={name} className="choice">
              <input type="radio" name="field" value={name} checked={field === name} onChange={() => setField(name)} />
              <span>{t(`lists.fields.${name}`)}</span>
            </label>
          ))}
        </fieldset>
      </form>
    </Modal>
  );
}
