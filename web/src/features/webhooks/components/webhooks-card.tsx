import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  WEBHOOK_EVENTS,
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useTestWebhook,
  useWebhooks,
  type Webhook,
  type WebhookEvent,
} from '../api/webhooks';
import {
  Alert,
  Button,
  Card,
  CheckboxField,
  CopyField,
  Dialog,
  DialogForm,
  Spinner,
  TextField,
  useConfirm,
} from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import { getErrorMessage } from '@/lib/api-client';
import type { FieldErrors } from '@/lib/validation';
import { formatDateTime } from '@/utils/format';

const URL_MAX = 2000;

interface WebhookValues {
  url: string;
  events: WebhookEvent[];
}

/**
 * Settings → Webhooks (parents): the family's endpoints with their events
 * and state, each with its deliveries, a test and Delete; and a dialog that
 * adds one and then shows its signing secret, once.
 */
export function WebhooksCard() {
  const { t } = useTranslation('settings');
  const webhooks = useWebhooks();
  const [adding, setAdding] = useState(false);

  return (
    <Card title={t('webhooks.title')} className="webhooks-card">
      <p className="muted">{t('webhooks.description')}</p>
      {webhooks.isPending && <Spinner label={t('webhooks.loading')} />}
      {webhooks.error && <Alert>{getErrorMessage(webhooks.error, t('webhooks.failedToLoad'))}</Alert>}
      {webhooks.data && webhooks.data.length === 0 && <p>{t('webhooks.none')}</p>}
      {webhooks.data && webhooks.data.length > 0 && (
        <ul className="list" aria-label={t('webhooks.listLabel')}>
          {webhooks.data.map((hook) => (
            <WebhookRow key={hook.id} hook={hook} />
          ))}
        </ul>
      )}
      <Button onClick={() => setAdding(true)}>{t('webhooks.add')}</Button>
      {adding && <AddDialog onClose={() => setAdding(false)} />}
    </Card>
  );
}

/** The label key of each event type (its name holds dots, which keys cannot). */
const EVENT_LABELS = {
  '*': 'all',
  'submission.created': 'submissionCreated',
  'submission.reviewed': 'submissionReviewed',
  'balance.changed': 'balanceChanged',
  'chore.changed': 'choreChanged',
  'chore.missed': 'choreMissed',
  'chore.due_soon': 'choreDueSoon',
  'child.changed': 'childChanged',
  'store.redemption': 'storeRedemption',
} as const satisfies Record<WebhookEvent, string>;

function isEvent(name: string): name is WebhookEvent {
  return name in EVENT_LABELS;
}

function useEventLabel() {
  const { t } = useTranslation('settings');
  return (name: string) => (isEvent(name) ? t(`webhooks.events.${EVENT_LABELS[name]}`) : name);
}

function WebhookRow({ hook }: { hook: Webhook }) {
  const { t } = useTranslation('settings');
  const label = useEventLabel();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tested, setTested] = useState(false);
  const [confirm, confirmDialog] = useConfirm();
  const deleteLabel = t('webhooks.deleteLabel', { url: hook.url });

  const onDelete = async () => {
    const confirmed = await confirm({
      title: deleteLabel,
      message: t('webhooks.deleteConfirm', { url: hook.url }),
      confirmLabel: t('webhooks.delete'),
      danger: true,
    });
    if (!confirmed) return;
    setError(null);
    remove.mutate(hook.id, { onError: (failure) => setError(getErrorMessage(failure, t('webhooks.failedToDelete'))) });
  };
  const onTest = () => {
    setError(null);
    setTested(false);
    test.mutate(hook.id, {
      onSuccess: () => {
        setTested(true);
        setShowDeliveries(true);
      },
      onError: (failure) => setError(getErrorMessage(failure, t('webhooks.failedToTest'))),
    });
  };

  return (
    <li className="list__row webhooks-list__item">
      <div className="webhooks-list__text">
        <p className="list__primary webhooks-list__url">{hook.url}</p>
        <p className="list__secondary">{hook.events.map(label).join(', ')}</p>
        {hook.disabledAt ? (
          <p className="list__secondary">
            <span className="badge badge--warning">{t('webhooks.off')}</span>{' '}
            {t('webhooks.offExplained', { date: formatDateTime(hook.disabledAt) })}
          </p>
        ) : (
          <p className="list__secondary">
            <span className="badge badge--success">{t('webhooks.on')}</span>
          </p>
        )}
        {tested && (
          <p className="muted small" role="status">
            {t('webhooks.testSent')}
          </p>
        )}
        {error && <Alert>{error}</Alert>}
        {showDeliveries && <Deliveries id={hook.id} />}
      </div>
      <div className="webhooks-list__actions">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setShowDeliveries((shown) => !shown)}
          aria-expanded={showDeliveries}
          aria-label={t('webhooks.deliveriesLabel', { url: hook.url })}
        >
          {t('webhooks.deliveries')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={onTest}
          isLoading={test.isPending}
          aria-label={t('webhooks.testLabel', { url: hook.url })}
        >
          {t('webhooks.test')}
        </Button>
        <Button
          variant="danger-quiet"
          size="sm"
          onClick={() => void onDelete()}
          isLoading={remove.isPending}
          aria-label={deleteLabel}
        >
          {t('webhooks.delete')}
        </Button>
      </div>
      {confirmDialog}
    </li>
  );
}

function Deliveries({ id }: { id: string }) {
  const { t } = useTranslation('settings');
  const deliveries = useDeliveries(id);
  if (deliveries.isPending) return <Spinner label={t('webhooks.loadingDeliveries')} />;
  if (deliveries.error) return <Alert>{getErrorMessage(deliveries.error, t('webhooks.failedToLoadDeliveries'))}</Alert>;
  if (deliveries.data.length === 0) return <p className="muted small">{t('webhooks.noDeliveries')}</p>;
  return (
    <ul className="webhook-deliveries" aria-label={t('webhooks.deliveriesTitle')}>
      {deliveries.data.map((delivery) => (
        <li key={delivery.id} className="webhook-deliveries__item">
          <span className="webhook-deliveries__type">{delivery.eventType}</span>{' '}
          <span
            className={
              delivery.status === 'DELIVERED'
                ? 'badge badge--success'
                : delivery.status === 'FAILED'
                  ? 'badge badge--warning'
                  : 'badge'
            }
          >
            {t(`webhooks.status.${delivery.status}`)}
          </span>
          <span className="muted small webhook-deliveries__detail">
            {[
              formatDateTime(delivery.createdAt),
              t('webhooks.attempts', { count: delivery.attempts }),
              delivery.responseCode ? t('webhooks.responseCode', { code: delivery.responseCode }) : '',
              delivery.error ?? '',
              delivery.status === 'PENDING' && delivery.nextAttemptAt
                ? t('webhooks.nextAttempt', { date: formatDateTime(delivery.nextAttemptAt) })
                : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Checks as the family service does, with its words. */
function useValidate() {
  const { t } = useTranslation('settings');
  return (values: WebhookValues): FieldErrors<keyof WebhookValues> => {
    const url = values.url.trim();
    return {
      url: !url
        ? t('webhooks.urlRequired')
        : !/^https?:\/\//i.test(url)
          ? t('webhooks.urlScheme')
          : url.length > URL_MAX
            ? t('webhooks.urlTooLong', { max: URL_MAX })
            : undefined,
      events: values.events.length === 0 ? t('webhooks.eventsRequired') : undefined,
    };
  };
}

/** Adds an endpoint, then shows its secret once, with a copy button. */
function AddDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('settings');
  const ids = useId();
  const validate = useValidate();
  const label = useEventLabel();
  const { mutateAsync: create } = useCreateWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const { values, errors, update, serverError, submitting, field, onSubmit } = useForm<WebhookValues>({
    initial: { url: '', events: ['*'] },
    validate,
    fallback: t('webhooks.failedToCreate'),
    submit: async (v) => {
      const created = await create({ url: v.url.trim(), events: v.events });
      setSecret(created.secret);
    },
  });

  if (secret) {
    return (
      <Dialog open onClose={onClose} title={t('webhooks.secretTitle')}>
        <div className="stack">
          <p>{t('webhooks.secretExplained')}</p>
          <CopyField label={t('webhooks.secret')} value={secret} />
          <Button onClick={onClose}>{t('webhooks.done')}</Button>
        </div>
      </Dialog>
    );
  }

  const toggle = (event: WebhookEvent, on: boolean) => {
    const others = values.events.filter((e) => e !== event && e !== '*');
    update('events', event === '*' ? (on ? ['*'] : []) : on ? [...others, event] : others);
  };

  return (
    <DialogForm
      title={t('webhooks.addTitle')}
      submitLabel={t('webhooks.submit')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <TextField
        label={t('webhooks.url')}
        hint={t('webhooks.urlHint')}
        type="url"
        inputMode="url"
        autoFocus
        maxLength={URL_MAX}
        {...field('url')}
      />
      <fieldset
        className={errors.events ? 'fieldset field--invalid' : 'fieldset'}
        aria-describedby={errors.events ? `${ids}-events-error` : undefined}
      >
        <legend className="field__label">{t('webhooks.eventsLabel')}</legend>
        <div className="choice-chips">
          <CheckboxField
            className="choice-chip"
            label={label('*')}
            name="events"
            value="*"
            checked={values.events.includes('*')}
            onChange={(event) => toggle('*', event.target.checked)}
          />
          {WEBHOOK_EVENTS.map((type) => (
            <CheckboxField
              key={type}
              className="choice-chip"
              label={label(type)}
              name="events"
              value={type}
              checked={values.events.includes('*') || values.events.includes(type)}
              disabled={values.events.includes('*')}
              onChange={(event) => toggle(type, event.target.checked)}
            />
          ))}
        </div>
        {errors.events && (
          <p id={`${ids}-events-error`} className="field__error" role="alert">
            {errors.events}
          </p>
        )}
      </fieldset>
    </DialogForm>
  );
}
