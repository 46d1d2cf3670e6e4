import { useTranslation } from 'react-i18next';

import { useUpdateRatings } from '../api/update-ratings';
import type { Child } from '../types';
import { MAX_RATING, MIN_RATING, parseRating, validateRatings, type RatingsValues } from '../utils/validation';
import { Alert, Button, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';

const RATINGS = [
  ['honestyRating', 'ratings.honesty'],
  ['respectRating', 'ratings.respect'],
  ['rulesRating', 'ratings.rules'],
] as const satisfies ReadonlyArray<readonly [keyof RatingsValues, string]>;

function ratingsOf(child: Child): RatingsValues {
  return {
    honestyRating: String(child.honestyRating ?? 5),
    respectRating: String(child.respectRating ?? 5),
    rulesRating: String(child.rulesRating ?? 5),
  };
}

/** Behaviour ratings from 1 to 10, saved together. */
export function RatingsEditor({ child }: { child: Child }) {
  const { t } = useTranslation(['children', 'errors']);
  const { mutateAsync: save } = useUpdateRatings();
  const { values, setValues, errors, serverError, saved, submitting, update, onSubmit } = useForm<RatingsValues>({
    initial: () => ratingsOf(child),
    validate: validateRatings,
    fallback: t('errors:fallback.updateRatings'),
    submit: async (values) => {
      const updated = await save({
        id: child.id,
        input: {
          honestyRating: parseRating(values.honestyRating) ?? MIN_RATING,
          respectRating: parseRating(values.respectRating) ?? MIN_RATING,
          rulesRating: parseRating(values.rulesRating) ?? MIN_RATING,
        },
      });
      setValues(ratingsOf(updated));
    },
  });

  return (
    <form className="form ratings" onSubmit={onSubmit} noValidate aria-label={t('ratings.formLabel', { name: child.name })}>
      <h3 className="section-title">{t('ratings.title')}</h3>
      {serverError && <Alert>{serverError}</Alert>}
      {saved && <Alert variant="success">{t('ratings.saved')}</Alert>}
      <div className="ratings__fields">
        {RATINGS.map(([name, label]) => (
          <TextField
            key={name}
            label={t(label)}
            name={name}
            type="number"
            inputMode="numeric"
            min={MIN_RATING}
            max={MAX_RATING}
            step={1}
            value={values[name]}
            error={errors[name]}
            onChange={(event) => update(name, event.target.value)}
          />
        ))}
      </div>
      <p className="field__hint">{t('ratings.hint')}</p>
      <div className="form__actions">
        <Button type="submit" size="sm" isLoading={submitting}>
          {t('ratings.submit')}
        </Button>
      </div>
    </form>
  );
}
