import { isBlank, type FieldErrors } from '@/lib/validation';

export interface GeneralSettingsValues {
  name: string;
  timeZone: string;
}

export function validateGeneralSettings(values: GeneralSettingsValues): FieldErrors<keyof GeneralSettingsValues> {
  return {
    name: isBlank(values.name) ? 'Family name is required' : undefined,
    timeZone: isBlank(values.timeZone) ? 'Time zone is required' : undefined,
  };
}
