import type { ChildFormErrors, ChildFormValues } from '../utils/validation';
import { AGE_GROUP_OPTIONS, REWARD_TYPE_OPTIONS, UI_THEME_OPTIONS } from '../utils/options';
import { AmountField, SelectField, TextField } from '@/components/ui';

export interface ChildFieldsProps {
  /** The invitation also asks for first and last name; editing does not. */
  mode: 'invite' | 'edit';
  values: ChildFormValues;
  errors: ChildFormErrors;
  onChange: (field: keyof ChildFormValues, value: string) => void;
}

/** The fields of the add-child and edit-child forms. */
export function ChildFields({ mode, values, errors, onChange }: ChildFieldsProps) {
  const field = (name: keyof ChildFormValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
  });

  return (
    <>
      {mode === 'invite' && (
        <div className="form__row">
          <TextField label="First Name" autoComplete="off" autoFocus {...field('firstName')} />
          <TextField label="Last Name" autoComplete="off" hint="Optional." {...field('lastName')} />
        </div>
      )}
      <TextField
        label="Display Name"
        autoComplete="off"
        autoFocus={mode === 'edit'}
        hint="Optional. Shown in the app; first and last name when left empty."
        {...field('name')}
      />
      <div className="form__row">
        <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
        <TextField label="Phone" type="tel" autoComplete="off" hint="Optional." {...field('phone')} />
      </div>
      <div className="form__row">
        <TextField label="Birthday" type="date" hint="Optional." {...field('dateOfBirth')} />
        <AmountField label="Birthday Reward" {...field('birthdayRewardAmount')} />
      </div>
      <div className="form__row form__row--3">
        <SelectField label="Age Group" options={AGE_GROUP_OPTIONS} {...field('ageGroup')} />
        <SelectField label="Interface Theme" options={UI_THEME_OPTIONS} {...field('uiTheme')} />
        <SelectField label="Reward Type" options={REWARD_TYPE_OPTIONS} {...field('rewardDisplayType')} />
      </div>
    </>
  );
}
