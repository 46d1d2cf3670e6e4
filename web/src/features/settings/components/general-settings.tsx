import { useMemo, useState, type FormEvent } from 'react';

import { updateOrganization } from '../api/update-organization';
import type { Organization } from '../types';
import { timeZoneOptions } from '../utils/time-zones';
import { validateGeneralSettings, type GeneralSettingsValues } from '../utils/validation';
import { Alert, Button, SelectField, TextField } from '@/components/ui';
import { getErrorMessage } from '@/lib/api-client';
import { hasErrors, type FieldErrors } from '@/lib/validation';
import { useSessionStore } from '@/stores/session-store';

export interface GeneralSettingsProps {
  organization: Organization;
  onSaved: (organization: Organization) => void;
}

/** Family name and time zone. */
export function GeneralSettings({ organization, onSaved }: GeneralSettingsProps) {
  const [values, setValues] = useState<GeneralSettingsValues>({
    name: organization.name ?? '',
    timeZone: organization.timeZone || 'UTC',
  });
  const [errors, setErrors] = useState<FieldErrors<keyof GeneralSettingsValues>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const zones = useMemo(
    () => timeZoneOptions(organization.timeZone).map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
    [organization.timeZone],
  );

  const field = (name: keyof GeneralSettingsValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
      setSaved(false);
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    setSaved(false);
    const found = validateGeneralSettings(values);
    setErrors(found);
    if (hasErrors(found)) return;

    setSubmitting(true);
    try {
      const updated = await updateOrganization({ name: values.name.trim(), timeZone: values.timeZone });
      setValues({ name: updated.name, timeZone: updated.timeZone || values.timeZone });
      setSaved(true);
      onSaved(updated);
      // The profile and anything else reading the session shows the new name at once.
      const { user, setUser } = useSessionStore.getState();
      if (user?.organization) setUser({ ...user, organization: { ...user.organization, name: updated.name } });
    } catch (error) {
      setServerError(getErrorMessage(error, 'Failed to save settings'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="form form--narrow" onSubmit={onSubmit} noValidate aria-label="General settings">
      {serverError && <Alert>{serverError}</Alert>}
      {saved && <Alert variant="success">Settings saved</Alert>}
      <TextField label="Family Name" autoComplete="organization" {...field('name')} />
      <SelectField
        label="Time Zone"
        options={zones}
        hint="Your family's local time."
        {...field('timeZone')}
      />
      <div className="form__actions">
        <Button type="submit" isLoading={submitting}>
          Save Settings
        </Button>
      </div>
    </form>
  );
}
