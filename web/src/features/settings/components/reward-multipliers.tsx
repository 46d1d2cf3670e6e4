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

export interface RewardMultipliersProps {
  settings: MultiplierSettings;
}

/** The grade, behaviour and streak multipliers that boost (or cut) the rewards of approved chores. */
export function RewardMultipliers({ settings }: RewardMultipliersProps) {
  const { mutateAsync: save } = useUpdateMultipliers();
  const { setValues, serverError, submitting, saved, field, onSubmit } = useForm<MultipliersFormValues>({
    initial: () => multipliersFormOf(settings),
    validate: validateMultipliers,
    fallback: 'Failed to save settings',
    submit: async (values) => {
      const updated = await save(toMultiplierSettings(values));
      setValues(multipliersFormOf(updated));
    },
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Reward multipliers">
      {serverError && <Alert>{serverError}</Alert>}
      {saved && <Alert variant="success">Multipliers saved</Alert>}
      {MULTIPLIER_GROUPS.map((group) => (
        <fieldset key={group.title} className="fieldset">
          <legend className="section-title">{group.title}</legend>
          <div className="form__row form__row--3">
            {group.fields.map(({ key, label, defaultValue }) => (
              <TextField
                key={key}
                label={label}
                type="number"
                inputMode="decimal"
                min={0.1}
                max={5}
                step={0.01}
                hint={`Default ${defaultValue.toFixed(2)}`}
                {...field(key)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <FormActions submitLabel="Save Multipliers" submitting={submitting} />
    </form>
  );
}
