// Publishing the post form: newSolutionSchema's check (every problem at once), the confirmation of
// a price far from the category's usual ones, then the request, whose refusals land next
// to their fields; without a signal the post waits in the outbox.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findCategory, findSubcategory, type CurrencySetting, type Solution, type UserRole } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import type { FormFields } from '../../../lib/use-form-fields';
import { useAddSolution } from '../api/add-solution';
import type { PlaceState } from '../utils/place';
import {
  buildSolutionInput,
  checkSolution,
  controlOf,
  isFarFromUsual,
  problemOfServer,
  type PostFields,
  type Problem,
  type Problems,
} from '../utils/post-form';

export type Outcome = { kind: 'check' } | { kind: 'server'; text: string } | { kind: 'queued' } | null;

/** The server's refusals of the images, as the form says them. */
export const IMAGE_ERRORS: Partial<Record<string, string>> = {
  TOO_MANY_IMAGES: 'errors.tooManyImages',
  UNSUPPORTED_MEDIA: 'postForm.onlyImages',
  PAYLOAD_TOO_LARGE: 'postForm.filesTooLarge',
};

interface PublishContext {
  role: UserRole;
  currency: CurrencySetting;
  form: FormFields<PostFields, Problem>;
  position: PlaceState;
  files: () => File[];
  /** The post waits in the outbox: the form starts afresh. */
  onQueued: () => void;
}

export function usePublish({ role, currency, form, position, files, onQueued }: PublishContext) {
  const { t } = useTranslation();
  const addSolution = useAddSolution();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [published, setPublished] = useState<Solution | null>(null);
  const [farPrice, setFarPrice] = useState(false);

  // SPEC 8 'Please fill all input fields' for a refused post; the images' own reasons; else the
  // app's text for the code (network, server trouble).
  const serverText = (error: unknown): string => {
    if (!(error instanceof ApiError)) return errorText(t, error);
    const imageText = IMAGE_ERRORS[error.code];
    if (imageText) return t(imageText);
    return error.code === 'VALIDATION' ? t('errors.publishFailed') : errorText(t, error);
  };

  const submit = (confirmed = false) => {
    addSolution.reset();
    const { fields } = form;
    const solution = buildSolutionInput(fields, {
      role,
      currency,
      position: position.status === 'ready' ? { lat: position.lat, lng: position.lng } : null,
    });
    const found = checkSolution(solution);
    if (found) {
      if (found.location && position.status === 'pending')
        found.location = { key: 'postForm.problems.locationPending' };
      form.refuse(found);
      setOutcome({ kind: 'check' });
      return;
    }
    form.accept();
    setOutcome(null);
    const category = fields.category ? findCategory(fields.category) : undefined;
    if (
      !confirmed &&
      findSubcategory(fields.subCategoryId)?.sub.own &&
      isFarFromUsual(category, fields.price, currency)
    ) {
      setFarPrice(true);
      return;
    }
    setFarPrice(false);
    addSolution.mutate(
      { solution, files: files() },
      {
        onSuccess: (sent) => {
          if (sent.queued) {
            onQueued();
            setOutcome({ kind: 'queued' });
            return;
          }
          setPublished(sent.data);
        },
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
          form.refuse(mapped);
        },
      },
    );
  };

  return {
    submit,
    busy: addSolution.isPending,
    outcome,
    published,
    farPrice,
    closeFarPrice: () => setFarPrice(false),
  };
}
