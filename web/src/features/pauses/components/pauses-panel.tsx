import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCreatePause, useDeletePause, usePauses, type Pause, type PauseScope } from '../api/pauses';
import { todayText, validatePause, type PauseValues } from '../utils/validation';
import { Alert, Button, Spinner, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import { getErrorMessage } from '@/lib/api-client';
import { formatCalendarDate } from '@/utils/format';

export interface PausesPanelProps extends PauseScope {
  /** The paused child's name; none for the whole family. */
  childName?: string;
}

/**
 * The pauses of one child or of the whole family: listed latest first, each
 * with its dates and reason and a Remove button until it is over, and a form
 * to add one. Nothing is due or missed on a paused day.
 */
export function PausesPanel({ childId, childName }: PausesPanelProps) {
  const { t } = useTranslation('common');
  const scope = { childId };
  const pauses = usePauses(scope);
  const { mutateAsync: create } = useCreatePause(scope);
  const remove = useDeletePause();
  const [removeError, setRemoveError] = useState<string | null>(null);
  const today = todayText();
  const { serverError, submitting, field, onSubmit } = useForm<PauseValues>({
    initial: { from: today, to: today, reason: '' },
    validate: validatePause,
    fallback: t('pauses.failed'),
    submit: async (values) => {
      await create({ from: values.from.trim(), to: values.to.trim(), reason: values.reason.trim() || null });
    },
  });

  const onRemove = (pause: Pause) => {
    setRemoveError(null);
    remove.mutate(pause.id, { onError: (error) => setRemoveError(getErrorMessage(error, t('pauses.removeFailed'))) });
  };

  const list = pauses.data ?? [];
  return (
    <div className="stack">
      <p className="muted small">
        {childName ? t('pauses.explainedChild', { name: childName }) : t('pauses.explainedFamily')}
      </p>
      {pauses.isPending && <Spinner label={t('pauses.loading')} />}
      {pauses.data && list.length === 0 && <p className="muted">{t('pauses.empty')}</p>}
      {list.length > 0 && (
        <ul className="list" aria-label={t('pauses.listLabel')}>
          {list.map((pause) => (
            <li key={pause.id} className="list__row">
              <div>
                <p className="list__primary">
                  {pause.from === pause.to
                    ? formatCalendarDate(pause.from)
                    : t('pauses.range', { from: formatCalendarDate(pause.from), to: formatCalendarDate(pause.to) })}
                </p>
                {(pause.reason || pause.to < today) && (
                  <p className="list__secondary">
                    {[pause.reason, pause.to < today ? t('pauses.over') : ''].filter(Boolean).join(' · ')}
                  </p>
                )}
              </div>
              {pause.to >= today && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => onRemove(pause)}
                  disabled={remove.isPending}
                  aria-label={t('pauses.removeLabel', { from: formatCalendarDate(pause.from) })}
                >
                  {pause.from <= today ? t('pauses.endNow') : t('pauses.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {removeError && <Alert>{removeError}</Alert>}
      <form onSubmit={onSubmit} noValidate className="stack" aria-label={t('pauses.add')}>
        {serverError && <Alert>{serverError}</Alert>}
        <div className="grid-2">
          <TextField label={t('pauses.from')} type="date" min={today} {...field('from')} />
          <TextField label={t('pauses.to')} type="date" min={today} {...field('to')} />
        </div>
        <TextField label={t('pauses.reason')} hint={t('pauses.reasonHint')} maxLength={200} {...field('reason')} />
        <Button type="submit" disabled={submitting}>
          {submitting ? t('pauses.adding') : t('pauses.submit')}
        </Button>
      </form>
    </div>
  );
}
