// SPEC 2.3 items 4-5, SPEC 4 (Publishing a solution), SPEC 5 (Publish form): the need form
// (/needsolutionForm) and the provide form (/providesolutionForm), one form with a role. The
// selection map hands over the place and the category (router state); newSolutionSchema decides
// what is required, here before sending and on the server alike.
import { LoaderCircle, MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  CATEGORIES,
  DESCRIPTION_MAX,
  currencyOfSetting,
  findCategory,
  findSubcategory,
  formatMoney,
  minorDigits,
  pick,
  type CategoryId,
  type Solution,
  type UserRole,
} from '@app/shared';
import { Page } from '../../../components/page';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import { getCurrentUser } from '../../../lib/session';
import { getCurrency, getLanguage } from '../../../lib/settings';
import { useAddSolution } from '../api/add-solution';
import { useChosenImages } from '../hooks/use-chosen-images';
import { useCountryList } from '../hooks/use-country-names';
import { usePosition, type PositionState } from '../hooks/use-position';
import {
  FORM_PATH,
  buildSolutionInput,
  checkSolution,
  controlOf,
  deliveryMin,
  emptyAddress,
  problemOfServer,
  readRouteState,
  showsDelivery,
  todayLocal,
  type AddressFields,
  type FormRouteState,
  type PostFields,
  type Problem,
  type Problems,
} from '../utils/post-form';
import { AddressBlock } from './address-block';
import { FormField, problemText } from './form-field';
import { ImagePicker } from './image-picker';
import { ShareDialog } from './share-dialog';
import '../post-form.css';

export function NeedSolutionFormPage({ title }: { title: string }) {
  return <PostFormPage title={title} role="needSolution" />;
}

export function ProvideSolutionFormPage({ title }: { title: string }) {
  return <PostFormPage title={title} role="provideSolution" />;
}

export function PostFormPage({ title, role }: { title: string; role: UserRole }) {
  const location = useLocation();
  return (
    <Page title={title}>
      {/* A new arrival (back from the selection map) starts from its own router state. */}
      <PostForm key={location.key} role={role} route={readRouteState(location.state)} />
    </Page>
  );
}

// What was typed survives a trip to the selection map and back (images cannot: files are not
// kept by the browser across pages).
const draftKey = (role: UserRole) => `postFormDraft:${role}`;
function readDraft(role: UserRole): Partial<PostFields> | null {
  try {
    const raw = sessionStorage.getItem(draftKey(role));
    return raw ? (JSON.parse(raw) as Partial<PostFields>) : null;
  } catch {
    // Private modes may refuse storage, or the draft is from another version: start afresh.
    return null;
  }
}
function writeDraft(role: UserRole, fields: PostFields | null): void {
  try {
    if (fields) sessionStorage.setItem(draftKey(role), JSON.stringify(fields));
    else sessionStorage.removeItem(draftKey(role));
  } catch {
    // Without storage the trip to the map simply starts a new form.
  }
}

function initialFields(role: UserRole, route: FormRouteState): PostFields {
  const country = (getCurrentUser() as { country?: string | null } | null)?.country ?? '';
  const only = route.category ? findCategory(route.category)?.subcategories : undefined;
  const base: PostFields = {
    category: route.category ?? '',
    subCategoryId: route.subCategoryId ?? (only?.length === 1 ? (only[0]?.id ?? '') : ''),
    price: '',
    description: '',
    pickup: emptyAddress(country),
    delivery: emptyAddress(country),
    withDelivery: false,
  };
  const draft = readDraft(role);
  if (!draft) return base;
  const sameCategory = !route.category || draft.category === route.category;
  return {
    ...base,
    ...draft,
    category: base.category || (draft.category ?? ''),
    subCategoryId:
      route.subCategoryId ?? (sameCategory ? (draft.subCategoryId ?? base.subCategoryId) : base.subCategoryId),
  };
}

type Outcome = { kind: 'check' } | { kind: 'server'; text: string } | null;

function PostForm({ role, route }: { role: UserRole; route: FormRouteState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = getLanguage();
  const currency = getCurrency();
  const code = currencyOfSetting(currency);
  const countries = useCountryList(language);
  const position = usePosition(
    route.lat !== undefined && route.lng !== undefined ? { lat: route.lat, lng: route.lng } : null,
  );
  const [fields, setFields] = useState<PostFields>(() => initialFields(role, route));
  const { images, add: addImages, remove: removeImage, clear: clearImages } = useChosenImages();
  const [pickProblem, setPickProblem] = useState<Problem | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [attempt, setAttempt] = useState(0);
  const [published, setPublished] = useState<Solution | null>(null);
  const addSolution = useAddSolution();
  const form = useRef<HTMLFormElement>(null);
  const today = todayLocal();

  const category = fields.category ? findCategory(fields.category) : undefined;
  const sub = findSubcategory(fields.subCategoryId)?.sub;
  const withDeliveryBlock = showsDelivery(category, fields.withDelivery);

  // The draft has been read (useState above): a later visit starts afresh.
  useEffect(() => writeDraft(role, null), [role]);

  // After a refused submit, the first refused field takes the focus (keyboard and screen readers).
  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid]')?.focus();
  }, [attempt]);

  const forget = (...names: string[]) =>
    setProblems((p) => {
      if (!names.some((n) => n in p)) return p;
      const next = { ...p };
      for (const n of names) delete next[n];
      return next;
    });

  const setCategory = (id: CategoryId | '') => {
    const subs = id ? findCategory(id)?.subcategories : undefined;
    setFields((f) => ({ ...f, category: id, subCategoryId: subs?.length === 1 ? (subs[0]?.id ?? '') : '', price: '' }));
    forget('category', 'sub_category_id', 'price');
  };
  const setText = (name: 'price' | 'description') => (value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    forget(name);
  };
  const setAddress = (kind: 'pickup' | 'delivery') => (name: keyof AddressFields, value: string) => {
    setFields((f) => ({ ...f, [kind]: { ...f[kind], [name]: value } }));
    const schemaName = { street: 'street_address', postal: 'postal_address' }[name as string] ?? name;
    forget(`${kind}_${schemaName}`, ...(kind === 'pickup' && name === 'date' ? ['delivery_date'] : []));
  };

  const positionOf = (p: PositionState) => (p.status === 'ready' ? { lat: p.lat, lng: p.lng } : null);

  const submit = () => {
    addSolution.reset();
    setPickProblem(null);
    const solution = buildSolutionInput(fields, {
      role,
      currency,
      position: positionOf(position),
      countryName: (c) => countries?.nameOf(c) ?? c,
    });
    const found = checkSolution(solution);
    if (found) {
      if (found.location && position.status === 'pending')
        found.location = { key: 'postForm.problems.locationPending' };
      setProblems(found);
      setOutcome({ kind: 'check' });
      setAttempt((a) => a + 1);
      return;
    }
    setProblems({});
    setOutcome(null);
    addSolution.mutate(
      { solution, files: images.map((i) => i.file) },
      {
        onSuccess: (created) => setPublished(created),
        onError: (error) => {
          setOutcome({ kind: 'server', text: serverText(error) });
          const mapped: Problems = {};
          if (error instanceof ApiError) {
            for (const [name, why] of Object.entries(error.fields ?? {})) {
              mapped[controlOf(name)] ??= problemOfServer(name, why);
            }
            const imageText = IMAGE_ERRORS[error.code];
            if (imageText) mapped.images = { key: imageText };
          }
          setProblems(mapped);
          setAttempt((a) => a + 1);
        },
      },
    );
  };

  // SPEC 8 'Please fill all input fields' for a refused post; the images' own reasons; else the
  // app's text for the code (network, server trouble).
  const serverText = (error: unknown): string => {
    if (!(error instanceof ApiError)) return errorText(t, error);
    const imageText = IMAGE_ERRORS[error.code];
    if (imageText) return t(imageText);
    return error.code === 'VALIDATION' ? t('errors.publishFailed') : errorText(t, error);
  };

  const busy = addSolution.isPending;
  const mapState = {
    url: FORM_PATH[role],
    categoryData: { category: fields.category, subCategoryId: fields.subCategoryId },
  };
  const saveDraft = () => writeDraft(role, fields);
  const currencyLabel = t(`settings.${currency}`);

  return (
    <>
      <form
        ref={form}
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

        <fieldset className="post-section">
          <legend>{t('postForm.whatLegend')}</legend>
          {route.category ? (
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
                  onChange={(event) => setCategory(event.target.value as CategoryId | '')}
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
                onChange={(event) => {
                  const subCategoryId = event.target.value;
                  setFields((f) => ({ ...f, subCategoryId, price: '' }));
                  forget('sub_category_id', 'price');
                }}
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
          {sub?.own ? (
            <FormField
              name="price"
              label={t('postForm.price', { currency: currencyLabel })}
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
                  onChange={(event) => setText('price')(event.target.value)}
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
                onChange={(event) => setText('description')(event.target.value)}
              />
            )}
          </FormField>
        </fieldset>

        <fieldset className="post-section">
          <legend>{t('postForm.placeLegend')}</legend>
          <Place position={position} problem={problems.location} />
          {fields.category && fields.subCategoryId ? (
            <Link
              className="button button-secondary button-small post-map-link"
              to={`/selectionmap/${fields.category}/${fields.subCategoryId}`}
              state={mapState}
              onClick={saveDraft}
              data-invalid={problems.location ? true : undefined}
            >
              <MapPin aria-hidden="true" size={18} />
              {position.status === 'ready' && position.from === 'map'
                ? t('postForm.changeOnMap')
                : t('postForm.chooseOnMap')}
            </Link>
          ) : (
            <p className="field-hint">{t('postForm.placeNeedsCategory')}</p>
          )}
        </fieldset>

        {category?.deliveryBlock === 'optional' ? (
          <label className="choice check post-delivery-toggle">
            <input
              type="checkbox"
              checked={fields.withDelivery}
              onChange={(event) => setFields((f) => ({ ...f, withDelivery: event.target.checked }))}
            />
            <span>{t('postForm.addDelivery')}</span>
          </label>
        ) : null}

        <AddressBlock
          kind="pickup"
          legend={withDeliveryBlock ? t('postForm.pickupLegend') : t('postForm.addressLegend')}
          dateLabel={withDeliveryBlock ? t('postForm.pickupDate') : t('postForm.date')}
          required
          value={fields.pickup}
          onChange={setAddress('pickup')}
          minDate={today}
          countries={countries}
          problems={problems}
        />
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

        {outcome ? (
          <p className="notice notice-error" role="alert">
            {outcome.kind === 'check' ? t('errors.publishCheck') : outcome.text}
          </p>
        ) : null}
        <button type="submit" className="button button-primary button-block" disabled={busy} aria-busy={busy}>
          {busy ? <LoaderCircle aria-hidden="true" size={20} className="post-spin" /> : null}
          {busy ? t('postForm.submitting') : t('postForm.submit')}
        </button>
      </form>
      {published ? <ShareDialog solution={published} onBack={() => void navigate('/dashboard')} /> : null}
    </>
  );
}

const IMAGE_ERRORS: Partial<Record<string, string>> = {
  TOO_MANY_IMAGES: 'errors.tooManyImages',
  UNSUPPORTED_MEDIA: 'postForm.onlyImages',
  PAYLOAD_TOO_LARGE: 'postForm.filesTooLarge',
};

function Place({ position, problem }: { position: PositionState; problem?: Problem }) {
  const { t } = useTranslation();
  // Not `lng`: i18next reads that option as the language.
  const coords = (p: { lat: number; lng: number }) => ({ latitude: p.lat.toFixed(5), longitude: p.lng.toFixed(5) });
  const text =
    position.status === 'pending'
      ? t('postForm.placeFinding')
      : position.status === 'off'
        ? t('postForm.placeOff')
        : position.from === 'map'
          ? t('postForm.placeFromMap', coords(position))
          : t('postForm.placeFromDevice', coords(position));
  return (
    <p
      className={problem ? 'post-place field-problem' : 'post-place'}
      role={position.status === 'pending' ? 'status' : undefined}
    >
      {problem ? problemText(t, problem) : text}
    </p>
  );
}
