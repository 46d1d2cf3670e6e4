import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useUpdateOrganization } from '../api/update-organization';
import type { Organization } from '../types';
import { timeZoneOptions } from '../utils/time-zones';
import { validateGeneralSettings, type GeneralSettingsValues } from '../utils/validation';
import { Alert, FormActions, SelectField, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import { useSessionStore } from '@/stores/session-store';
import type { TimeZone } from '@/types/api';

export interface GeneralSettingsProps {
  organization: Organization;
}

/** Family name and time zone. */
export function GeneralSettings({ organization }: GeneralSettingsProps) {
  const { t } = useTranslation(['settings', 'errors']);
  const { mutateAsync: save } = useUpdateOrganization();
  const { setValues, serverError, submitting, saved, field, onSubmit } = useForm<GeneralSettingsValues>({
    initial: { name: organization.name ?? '', timeZone: organization.timeZone || 'UTC' },
    validate: validateGeneralSettings,
    fallback: t('errors:fallback.saveSettings'),
    submit: async (values) => {
      // The choices come from the browser's list; the server refuses a zone it does not know.
      const updated = await save({ name: values.name.trim(), timeZone: values.timeZone as TimeZone });
      setValues({ name: updated.name, timeZone: updated.timeZone || values.timeZone });
      // The profile and anything else reading the session shows the new name at once.
      const { user, setUser } = useSessionStore.getState();
      if (user?.organization) setUser({ ...user, organization: { ...user.organization, name: updated.name } });
    },
  });
  const zones = useMemo(
    () => timeZoneOptions(organization.timeZone).map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
    [organization.timeZone],
  );

  return (
    <form className="form form--narrow" onSubmit={onSubmit} noValidate aria-label={t('general.formLabel')}>
      {serverError && <Alert>{serverError}</Alert>}
      {saved && <Alert variant="success">{t('general.saved')}</Alert>}
      <TextField label={t('general.familyName')} autoComplete="organization" {...field('name')} />
      <SelectField
        label={t('general.timeZone')}
        options={zones}
        hint={t('general.timeZoneHint')}
        {...field('timeZone')}
      />
      <FormActions submitLabel={t('general.submit')} submitting={submitting} />
    </form>
  );
}
