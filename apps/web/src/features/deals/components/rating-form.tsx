// D-29: after a completed deal each party rates the other once, 1 to 5 with an optional text of
// at most 500 characters. The stars are a native radio group: arrows move, Space picks, each
// star has its own label.
import { Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/busy-button';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import { REVIEW_TEXT_MAX, useReviewDeal } from '../api/finish-deal';
import type { DealView } from '../api/deal-types';

const STARS = [1, 2, 3, 4, 5] as const;

export function RatingForm({ deal }: { deal: DealView }) {
  const { t } = useTranslation();
  const review = useReviewDeal();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const name = `rating-${useId()}`;
  const textId = useId();
  const hintId = useId();
  const problemId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) {
      setProblem(t('dealPage.ratingMissing'));
      return;
    }
    setProblem(null);
    review.mutate(
      { dealId: deal._id, rating, text },
      {
        onError: (error) =>
          setProblem(
            error instanceof ApiError && (error.code as string) === 'ALREADY_REVIEWED'
              ? t('dealPage.alreadyRated')
              : errorText(t, error),
          ),
      },
    );
  };

  return (
    <form className="deal-rating-form" onSubmit={submit} noValidate aria-describedby={problem ? problemId : undefined}>
      <fieldset className="deal-stars">
        <legend>{t('dealPage.ratingLegend', { name: deal.counterpart.firstName })}</legend>
        <div className="deal-stars-row">
          {STARS.map((n) => (
            <label key={n} className={rating !== null && n <= rating ? 'deal-star is-on' : 'deal-star'}>
              <input
                type="radio"
                name={name}
                value={n}
                className="visually-hidden"
                checked={rating === n}
                onChange={() => {
                  setRating(n);
                  setProblem(null);
                }}
              />
              <Star aria-hidden="true" size={32} />
              <span className="visually-hidden">{t('dealPage.stars', { count: n })}</span>
            </label>
          ))}
        </div>
        <p className="field-hint" aria-hidden="true">
          {rating === null ? t('dealPage.ratingHint') : t('dealPage.stars', { count: rating })}
        </p>
      </fieldset>
      <div className="field">
        <label htmlFor={textId}>
          {t('dealPage.reviewText')} <span className="deal-optional">{t('dealPage.optional')}</span>
        </label>
        <textarea
          id={textId}
          rows={3}
          maxLength={REVIEW_TEXT_MAX}
          value={text}
          aria-describedby={hintId}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={hintId} className="field-hint">
          {t('dealPage.messageCount', { count: text.length, max: REVIEW_TEXT_MAX })}
        </p>
      </div>
      {problem ? (
        <p id={problemId} className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
      <BusyButton type="submit" className="button button-primary" busy={review.isPending}>
        {t('dealPage.sendRating')}
      </BusyButton>
    </form>
  );
}
