import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import {
  useNotificationSettings,
  useSaveNotificationSettings,
  type NotificationKind,
  type NotificationSettings,
} from '../api/notifications';
import { Alert, Button, Card, CheckboxField, SelectField, Spinner, TextField } from '@/components/ui';
import { getErrorMessage } from '@/lib/api-client';

const KIND_KEYS: Record<NotificationKind, string> = {
  SUBMISSION: 'submission',
  STORE_REQUEST: 'storeRequest',
  WEBHOOK_DISABLED: 'webhookDisabled',
  REVIEW: 'review',
  STORE_DECISION: 'storeDecision',
  DUE_REMINDER: 'dueReminder',
};

/** Monday first, as ISO numbers the days. */
const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * Profile → Notifications: per kind, in the app and by email (where a kind
 * is mailed); for parents the time of the daily review digest and the
 * weekly summary (on/off, its day), in the family's time zone.
 */
export function NotificationSettingsCard({ parent }: { parent: boolean }) {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  return (
    <Card title={t('notifications.settings.title')}>
      {settings.isPending && <Spinner label={t('notifications.settings.loading')} />}
      {settings.error && <Alert>{getErrorMessage(settings.error, t('notifications.settings.failedToLoad'))}</Alert>}
      {/* Not keyed by the data: a save sets it, and the form keeps its "saved" word. */}
      {settings.data && <SettingsForm saved={settings.data} parent={parent} />}
    </Card>
  );
}

function SettingsForm({ saved, parent }: { saved: NotificationSettings; parent: boolean }) {
  const { t } = useTranslation();
  const { mutateAsync: save, isPending } = useSaveNotificationSettings();
  const [draft, setDraft] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const setKind = (kind: NotificationKind, change: { inApp?: boolean; email?: boolean }) => {
    setDone(false);
    setDraft((d) => ({ ...d, kinds: d.kinds.map((k) => (k.kind === kind ? { ...k, ...change } : k)) }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(false);
    try {
      await save({
        kinds: draft.kinds,
        digestTime: draft.digestTime,
        weeklySummary: draft.weeklySummary,
        weeklySummaryDay: draft.weeklySummaryDay,
      });
      setDone(true);
    } catch (failure) {
      setError(getErrorMessage(failure, t('notifications.settings.failedToSave'), { preferDetails: true }));
    }
  };

  return (
    <form className="stack notification-settings" onSubmit={(event) => void onSubmit(event)}>
      <p className="muted">{t('notifications.settings.description')}</p>
      {draft.kinds.map((k) => {
        const name = t(`notifications.settings.kinds.${KIND_KEYS[k.kind]}` as 'notifications.settings.kinds.submission');
        return (
          <fieldset key={k.kind} className="notification-settings__kind">
            <legend>{name}</legend>
            <CheckboxField
              label={t('notifications.settings.inApp')}
              checked={k.inApp}
              onChange={(event) => setKind(k.kind, { inApp: event.target.checked })}
            />
            {k.email !== null && k.email !== undefined && (
              <CheckboxField
                label={
                  k.kind === 'SUBMISSION' ? t('notifications.settings.emailDigest') : t('notifications.settings.email')
                }
                checked={k.email}
                onChange={(event) => setKind(k.kind, { email: event.target.checked })}
              />
            )}
          </fieldset>
        );
      })}
      {parent && (
        <>
          <TextField
            type="time"
            label={t('notifications.settings.digestTime')}
            hint={t('notifications.settings.timeZone', { zone: draft.timeZone })}
            value={draft.digestTime}
            required
            onChange={(event) => {
              setDone(false);
              setDraft((d) => ({ ...d, digestTime: event.target.value }));
            }}
          />
          <CheckboxField
            label={t('notifications.settings.weeklySummary')}
            checked={draft.weeklySummary}
            onChange={(event) => {
              setDone(false);
              setDraft((d) => ({ ...d, weeklySummary: event.target.checked }));
            }}
          />
          <SelectField
            label={t('notifications.settings.weeklySummaryDay')}
            value={String(draft.weeklySummaryDay)}
            disabled={!draft.weeklySummary}
            options={DAYS.map((day) => ({
              value: String(day),
              label: t(`notifications.settings.days.${day}` as 'notifications.settings.days.1'),
            }))}
            onChange={(event) => {
              setDone(false);
              setDraft((d) => ({ ...d, weeklySummaryDay: Number(event.target.value) }));
            }}
          />
        </>
      )}
      {error && <Alert>{error}</Alert>}
      {done && <Alert variant="success">{t('notifications.settings.saved')}</Alert>}
      <div>
        <Button type="submit" isLoading={isPending}>
          {t('notifications.settings.save')}
        </Button>
      </div>
    </form>
  );
}
