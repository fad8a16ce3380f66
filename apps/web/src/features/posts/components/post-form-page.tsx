// SPEC 2.3 items 4-5, SPEC 4 (Publishing a solution), SPEC 5 (Publish form): the need form
// (/needsolutionForm) and the provide form (/providesolutionForm), one form with a role. The
// selection map hands over the place and the category (router state); newSolutionSchema decides
// what is required, here before sending and on the server alike. D-33: a need may span several days
// (its date is then the first, with an optional last day).
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { flushSync } from 'react-dom';
import { findCategory, type BookingUnit, type CategoryId, type Solution, type UserRole } from '@app/shared';
import { BusyButton } from '../../../components/busy-button';
import { Page } from '../../../components/page';
import { usePosition } from '../../../lib/geolocation';
import { getCurrency, getLanguage } from '../../../lib/settings';
import { useChosenImages } from '../../../lib/use-chosen-images';
import { useCountryList } from '../../../lib/countries';
import { useFormFields } from '../../../lib/use-form-fields';
import { usePublish } from '../hooks/use-publish';
import { placeFrom } from '../utils/place';
import { initialFields, writeDraft } from '../utils/post-draft';
import {
  FORM_PATH,
  asksLastDay,
  deliveryMin,
  readRouteState,
  showsDelivery,
  todayLocal,
  type AddressFields,
  type FormRouteState,
  type PostFields,
  type Problem,
} from '../utils/post-form';
import { AddressBlock } from './address-block';
import { FarPriceDialog } from './far-price-dialog';
import { FormField } from './form-field';
import { ImagePicker } from './image-picker';
import { PlaceFieldset } from './place-fieldset';
import { ShareDialog } from './share-dialog';
import { WhatFieldset } from './what-fieldset';
import '../post-form.css';
import '../post-dates.css';

/** What the share dialog adds after publishing (the app layer's alert offer, D-36). */
type AfterPublish = (solution: Solution) => ReactNode;

export function NeedSolutionFormPage({ title, afterPublish }: { title: string; afterPublish?: AfterPublish }) {
  return <PostFormPage title={title} role="needSolution" afterPublish={afterPublish} />;
}

export function ProvideSolutionFormPage({ title, afterPublish }: { title: string; afterPublish?: AfterPublish }) {
  return <PostFormPage title={title} role="provideSolution" afterPublish={afterPublish} />;
}

export function PostFormPage({
  title,
  role,
  afterPublish,
}: {
  title: string;
  role: UserRole;
  afterPublish?: AfterPublish;
}) {
  const location = useLocation();
  return (
    <Page title={title}>
      {/* A new arrival (back from the selection map) starts from its own router state. */}
      <PostForm key={location.key} role={role} route={readRouteState(location.state)} afterPublish={afterPublish} />
    </Page>
  );
}

function PostForm({
  role,
  route,
  afterPublish,
}: {
  role: UserRole;
  route: FormRouteState;
  afterPublish?: AfterPublish;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currency = getCurrency();
  const countries = useCountryList(getLanguage()).data;
  const fromMap = route.lat !== undefined && route.lng !== undefined ? { lat: route.lat, lng: route.lng } : null;
  const position = placeFrom(fromMap, usePosition(fromMap === null));
  const form = useFormFields<PostFields, Problem>(() => initialFields(role, route), { focusRefused: true });
  const { fields, setFields, set, problems, forget, formRef } = form;
  const { images, add: addImages, remove: removeImage, clear: clearImages } = useChosenImages();
  const [pickProblem, setPickProblem] = useState<Problem | null>(null);
  const publish = usePublish({
    role,
    currency,
    form,
    position,
    files: () => images.map((i) => i.file),
    onQueued: () => {
      setFields(initialFields(role, route));
      clearImages();
    },
  });
  const today = todayLocal();
  const category = fields.category ? findCategory(fields.category) : undefined;
  const withDeliveryBlock = showsDelivery(category, fields.withDelivery);
  const lastDay = asksLastDay(role, withDeliveryBlock);

  // The draft has been read (useFormFields above): a later visit starts afresh.
  useEffect(() => writeDraft(role, null), [role]);

  const setCategory = (id: CategoryId | '') => {
    const subs = id ? findCategory(id)?.subcategories : undefined;
    setFields((f) => ({
      ...f,
      category: id,
      subCategoryId: subs?.length === 1 ? (subs[0]?.id ?? '') : '',
      price: '',
      unit: '',
      capacity: '1',
    }));
    forget('category', 'sub_category_id', 'price', 'unit', 'capacity');
  };
  const setSubcategory = (subCategoryId: string) => {
    setFields((f) => ({ ...f, subCategoryId, price: '', unit: '', capacity: '1' }));
    forget('sub_category_id', 'price', 'unit', 'capacity');
  };
  const setAddress = (kind: 'pickup' | 'delivery') => (name: keyof AddressFields, value: string) => {
    setFields((f) => ({ ...f, [kind]: { ...f[kind], [name]: value } }));
    const schemaName = { street: 'street_address', postal: 'postal_address' }[name as string] ?? name;
    forget(`${kind}_${schemaName}`, ...(kind === 'pickup' && name === 'date' ? ['delivery_date', 'dates_to'] : []));
  };
  const submit = (confirmed = false) => {
    setPickProblem(null);
    publish.submit(confirmed);
  };
  const changePrice = () => {
    // Closed first: while the dialog is open the page under it is inert and cannot take focus.
    flushSync(() => publish.closeFarPrice());
    formRef.current?.querySelector<HTMLInputElement>('input[name="price"]')?.focus();
  };
  const { busy, outcome } = publish;

  return (
    <>
      <form
        ref={formRef}
        className="card form post-form"
        noValidate
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) submit();
        }}
      >
        <p className="post-role">
          <span className={`dot ${role === 'needSolution' ? 'dot-need' : 'dot-offer'}`} aria-hidden="true" />
          {t(role === 'needSolution' ? 'postForm.asNeed' : 'postForm.asOffer')}
        </p>
        <WhatFieldset
          role={role}
          fields={fields}
          problems={problems}
          fixedCategory={route.category !== undefined}
          onCategory={setCategory}
          onSubcategory={setSubcategory}
          onText={(name, value) => set(name, value, name)}
          onUnit={(unit: BookingUnit | '') => set('unit', unit, 'unit', 'capacity')}
        />
        <PlaceFieldset
          position={position}
          problem={problems.location}
          mapPath={
            fields.category && fields.subCategoryId ? `/selectionmap/${fields.category}/${fields.subCategoryId}` : null
          }
          mapState={{
            url: FORM_PATH[role],
            categoryData: { category: fields.category, subCategoryId: fields.subCategoryId },
          }}
          onLeave={() => writeDraft(role, fields)}
        />
        {/* D-35: off by default: others see an area of about 1 km until the owner confirms a deal. */}
        <div className="post-exact-place">
          <label className="choice check">
            <input
              type="checkbox"
              name="show_exact_location"
              checked={fields.showExactLocation === true}
              aria-describedby="post-exact-place-hint"
              onChange={(event) => set('showExactLocation', event.target.checked)}
            />
            <span>{t('approximate.showExact')}</span>
          </label>
          <p id="post-exact-place-hint" className="field-hint">
            {t('approximate.showExactHint')}
          </p>
        </div>
        {category?.deliveryBlock === 'optional' ? (
          <label className="choice check post-delivery-toggle">
            <input
              type="checkbox"
              checked={fields.withDelivery}
              onChange={(event) => set('withDelivery', event.target.checked)}
            />
            <span>{t('postForm.addDelivery')}</span>
          </label>
        ) : null}
        <AddressBlock
          kind="pickup"
          legend={withDeliveryBlock ? t('postForm.pickupLegend') : t('postForm.addressLegend')}
          dateLabel={
            withDeliveryBlock ? t('postForm.pickupDate') : lastDay ? t('postForm.firstDay') : t('postForm.date')
          }
          required
          value={fields.pickup}
          onChange={setAddress('pickup')}
          minDate={today}
          countries={countries}
          problems={problems}
        />
        {lastDay ? (
          <FormField
            name="dates_to"
            label={t('postForm.datesTo')}
            hint={t('postForm.datesToHint')}
            optional
            problem={problems.dates_to}
            className="post-dates-to"
          >
            {(control) => (
              <input
                {...control}
                type="date"
                value={fields.datesTo}
                min={fields.pickup.date || today}
                onChange={(event) => set('datesTo', event.target.value, 'dates_to')}
              />
            )}
          </FormField>
        ) : null}
        {withDeliveryBlock ? (
          <AddressBlock
            kind="delivery"
            legend={t('postForm.deliveryLegend')}
            dateLabel={t('postForm.deliveryDate')}
            dateHint={t('postForm.deliveryDateHint')}
            required={category?.deliveryBlock === 'required'}
            value={fields.delivery}
            onChange={setAddress('delivery')}
            minDate={deliveryMin(fields.pickup.date, today)}
            countries={countries}
            problems={problems}
          />
        ) : null}
        <ImagePicker
          images={images}
          problem={pickProblem ?? problems.images}
          announce={pickProblem !== null}
          onAdd={(files) => {
            setPickProblem(null);
            forget('images');
            addImages(files);
          }}
          onRemove={(key) => {
            setPickProblem(null);
            removeImage(key);
          }}
          onRefused={(problem) => {
            clearImages();
            setPickProblem(problem);
          }}
        />
        {outcome?.kind === 'queued' ? (
          <p className="notice notice-info" role="status">
            {t('outbox.queuedPost')}
          </p>
        ) : outcome ? (
          <p className="notice notice-error" role="alert">
            {outcome.kind === 'check' ? t('errors.publishCheck') : outcome.text}
          </p>
        ) : null}
        <BusyButton type="submit" className="button button-primary button-block" busy={busy} size={20}>
          {busy ? t('postForm.submitting') : t('postForm.submit')}
        </BusyButton>
      </form>
      {publish.farPrice ? (
        <FarPriceDialog
          category={category}
          price={fields.price}
          currency={currency}
          onPublish={() => submit(true)}
          onChange={changePrice}
        />
      ) : null}
      {publish.published ? (
        <ShareDialog
          solution={publish.published}
          onBack={() => void navigate('/dashboard')}
          extra={afterPublish?.(publish.published)}
        />
      ) : null}
    </>
  );
}
