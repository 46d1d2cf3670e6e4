import { i18n } from '@/lib/i18n';
import { isBlank, type FieldErrors } from '@/lib/validation';

export interface GeneralSettingsValues {
  name: string;
  timeZone: string;
}

export function validateGeneralSettings(values: GeneralSettingsValues): FieldErrors<keyof GeneralSettingsValues> {
  return {
    name: isBlank(values.name) ? i18n.t('validation:familyNameRequired') : undefined,
    timeZone: isBlank(values.timeZone) ? i18n.t('validation:timeZoneRequired') : undefined,
  };
}
