import { useTranslation } from 'react-i18next';

import { useUpdateMultipliers } from '../api/update-multipliers';
import type { MultiplierSettings } from '../types';
import {
  MULTIPLIER_GROUPS,
  multipliersFormOf,
  toMultiplierSettings,
  validateMultipliers,
  type MultipliersFormValues,
} from '../utils/multipliers';
import { Alert, FormActions, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import { numberFormat } from '@/utils/format';

/** A default as the hint shows it: 1.50 (1,50 in Spanish and German). */
function formatFactor2(value: number): string {
  return numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** A factor or an amount in the example: 1.5 and 2.00 (1,5 and 2,00 in Spanish and German). */
function formatExample(value: number, decimals: { min: number; max: number }): string {
  return numberFormat({ minimumFractionDigits: decimals.min, maximumFractionDigits: decimals.max }).format(value);
}

/**
 * What a multiplier does, in plain words: it multiplies each approved chore's
 * reward; grades, behaviour and streaks each add one; a D or F in any subject
 * turns the bonuses (the parts above 1.0) off, while the parts below 1.0
 * still apply (the rewards service's rule).
 */
export function MultipliersExplained() {
  const { t } = useTranslation('settings');
  const amount = { min: 2, max: 2 };
  return (
    <div className="muted">
      <p>
        {t('multipliersHelp.intro', {
          factor: formatExample(1.5, { min: 1, max: 2 }),
          base: formatExample(2, amount),
          boosted: formatExample(3, amount),
        })}
      </p>
      <p>{t('multipliersHelp.parts')}</p>
      <ul>
        <li>{t('multipliersHelp.grades')}</li>
        <li>{t('multipliersHelp.behaviour')}</li>
        <li>{t('multipliersHelp.streaks')}</li>
      </ul>
      <p>{t('multipliersHelp.failing')}</p>
    </div>
  );
}

export interface RewardMultipliersProps {
  settings: MultiplierSettings;
}

/** The grade, behaviour and streak multipliers that boost (or cut) the rewards of approved chores. */
export function RewardMultipliers({ settings }: RewardMultipliersProps) {
  const { t } = useTranslation(['settings', 'errors']);
  const { mutateAsync: save } = useUpdateMultipliers();
  const { setValues, serverError, submitting, saved, field, onSubmit } = useForm<MultipliersFormValues>({
    initial: () => multipliersFormOf(settings),
    validate: validateMultipliers,
    fallback: t('errors:fallback.saveSettings'),
    submit: async (values) => {
      const updated = await save(toMultiplierSettings(values));
      setValues(multipliersFormOf(updated));
    },
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t('multipliers.formLabel')}>
      {serverError && <Alert>{serverError}</Alert>}
      {saved && <Alert variant="success">{t('multipliers.saved')}</Alert>}
      {MULTIPLIER_GROUPS.map(({ group, fields }) => (
        <fieldset key={group} className="fieldset">
          <legend className="section-title">{t(`multipliers.groups.${group}`)}</legend>
          <div className="form__row form__row--3">
            {fields.map(({ key, defaultValue }) => (
              <TextField
                key={key}
                label={t(`multipliers.fields.${key}`)}
                type="number"
                inputMode="decimal"
                min={0.1}
                max={5}
                step={0.01}
                hint={t('multipliers.defaultHint', { value: formatFactor2(defaultValue) })}
                {...field(key)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <FormActions submitLabel={t('multipliers.submit')} submitting={submitting} />
    </form>
  );
}
