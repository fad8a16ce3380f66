// SPEC 4 and 2.3 item 24: on the dashboard, while isCountry is not set, the user picks a
// country; Submit stays disabled until one is chosen (SPEC 5).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { errorText } from '../../../lib/api-errors';
import { useCountryList } from '../../../lib/countries';
import { useUpdateCountry } from '../api/update-country';
import '../profile.css';

export function CountryModal({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const formId = useId();
  const selectId = useId();
  const [open, setOpen] = useState(true);
  const [country, setCountry] = useState('');
  const countries = useCountryList();
  const update = useUpdateCountry();

  return (
    <Modal
      open={open}
      title={t('countryModal.title')}
      // Escape or "Later" puts it away for this visit; it returns on the next one until answered.
      onClose={() => setOpen(false)}
      actions={
        <>
          <button
            type="submit"
            form={formId}
            className="button button-primary"
            disabled={country === '' || update.isPending}
          >
            {update.isPending ? t('countryModal.saving') : t('countryModal.submit')}
          </button>
          <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
            {t('countryModal.later')}
          </button>
        </>
      }
    >
      <p className="muted">{t('countryModal.text')}</p>
      <form
        id={formId}
        className="account-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (country === '') return;
          update.mutate({ userId, country }, { onSuccess: () => setOpen(false) });
        }}
      >
        <div className="account-field">
          <label htmlFor={selectId}>{t('countryModal.label')}</label>
          {countries.data ? (
            <CountrySelect
              id={selectId}
              className="account-input"
              value={country}
              onChange={setCountry}
              countries={countries.data}
              placeholder={t('countryModal.placeholder')}
            />
          ) : countries.isError ? (
            <p role="alert" className="account-error">
              {t('countryModal.loadFailed')}
            </p>
          ) : (
            <Spinner />
          )}
        </div>
        {update.isError ? (
          <p role="alert" className="account-error">
            {errorText(t, update.error)}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
