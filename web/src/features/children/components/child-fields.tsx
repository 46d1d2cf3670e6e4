import { useTranslation } from 'react-i18next';

import type { ChildFormErrors, ChildFormValues } from '../utils/validation';
import { ageGroupOptions, rewardTypeOptions, uiThemeOptions } from '../utils/options';
import { AmountField, SelectField, TextField } from '@/components/ui';

export interface ChildFieldsProps {
  /** The invitation also asks for first and last name; editing does not. */
  mode: 'invite' | 'edit';
  /** The email is for a teen's own email login only (always so when adding a child). */
  emailOptional?: boolean;
  values: ChildFormValues;
  errors: ChildFormErrors;
  onChange: (field: keyof ChildFormValues, value: string) => void;
}

/** The fields of the add-child and edit-child forms. */
export function ChildFields({ mode, emailOptional = mode === 'invite', values, errors, onChange }: ChildFieldsProps) {
  const { t } = useTranslation('children');
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
          <TextField label={t('fields.firstName')} autoComplete="off" autoFocus {...field('firstName')} />
          <TextField label={t('fields.lastName')} autoComplete="off" hint={t('fields.optional')} {...field('lastName')} />
        </div>
      )}
      <TextField
        label={t('fields.displayName')}
        autoComplete="off"
        autoFocus={mode === 'edit'}
        hint={t('fields.displayNameHint')}
        {...field('name')}
      />
      <div className="form__row">
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="off"
          hint={emailOptional ? t('fields.emailHint') : undefined}
          {...field('email')}
        />
        <TextField label={t('fields.phone')} type="tel" autoComplete="off" hint={t('fields.optional')} {...field('phone')} />
      </div>
      <div className="form__row">
        <TextField label={t('fields.birthday')} type="date" hint={t('fields.optional')} {...field('dateOfBirth')} />
        <AmountField label={t('fields.birthdayReward')} {...field('birthdayRewardAmount')} />
      </div>
      <div className="form__row form__row--3">
        <SelectField label={t('fields.ageGroup')} options={ageGroupOptions()} {...field('ageGroup')} />
        <SelectField label={t('fields.uiTheme')} options={uiThemeOptions()} {...field('uiTheme')} />
        <SelectField label={t('fields.rewardType')} options={rewardTypeOptions()} {...field('rewardDisplayType')} />
      </div>
    </>
  );
}
