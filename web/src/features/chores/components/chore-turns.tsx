import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useSwapTurn, useTurns } from '../api/turns';
import { Button, DialogForm, SelectField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import { isBlank } from '@/lib/validation';
import type { Chore, ChildRef } from '@/types/api';

export interface ChoreTurnsProps {
  /** A chore whose children take turns (ROTATE). */
  chore: Chore;
  /** The family's children, to name the chore's. */
  familyChildren: readonly ChildRef[];
}

/** Whose turn a rotating chore is now and next, with "Swap turns" (parents). */
export function ChoreTurns({ chore, familyChildren }: ChoreTurnsProps) {
  const { t } = useTranslation('chores');
  const turns = useTurns(chore.id);
  const [swapping, setSwapping] = useState(false);
  const [current, next] = turns.data?.turns ?? [];

  return (
    <div className="chore-turns" role="group" aria-label={t('turns.label')}>
      {turns.isPending ? (
        <p className="list__secondary">{t('turns.loading')}</p>
      ) : (
        current && (
          <p className="list__secondary">
            <strong>{t('turns.now', { name: current.child.name })}</strong>
            {current.swapped && <span className="badge badge--inline">{t('turns.swapped')}</span>}
            {current.covering && (
              <span className="badge badge--inline">{t('turns.covering', { name: current.covering.name })}</span>
            )}
            {next && <span className="chore-turns__next">{t('turns.next', { name: next.child.name })}</span>}
          </p>
        )
      )}
      {current && (
        <Button variant="secondary" size="sm" aria-label={t('turns.swapLabel', { name: chore.name })} onClick={() => setSwapping(true)}>
          {t('turns.swap')}
        </Button>
      )}
      {swapping && current && (
        <SwapTurnDialog
          chore={chore}
          holder={current.child}
          familyChildren={familyChildren}
          onClose={() => setSwapping(false)}
        />
      )}
    </div>
  );
}

export interface SwapTurnDialogProps {
  chore: Chore;
  /** Whose turn it is now. */
  holder: ChildRef;
  familyChildren: readonly ChildRef[];
  onClose: () => void;
}

/** Gives the current turn to another of the chore's children. */
export function SwapTurnDialog({ chore, holder, familyChildren, onClose }: SwapTurnDialogProps) {
  const { t } = useTranslation(['chores', 'validation']);
  const { mutateAsync: swap } = useSwapTurn();
  const others = chore.assignedChildIds
    .filter((id) => id !== holder.id)
    .map((id) => ({ value: id, label: familyChildren.find((child) => child.id === id)?.name ?? id }));
  const { serverError, submitting, field, onSubmit } = useForm({
    initial: { childId: others[0]?.value ?? '' },
    validate: (values) => ({ childId: isBlank(values.childId) ? t('validation:childRequired') : undefined }),
    fallback: t('turns.failed'),
    submit: async (values) => {
      await swap({ choreId: chore.id, childId: values.childId });
      onClose();
    },
  });

  return (
    <DialogForm
      title={t('turns.swapTitle', { name: chore.name })}
      submitLabel={t('turns.swapSubmit')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <p className="muted">{t('turns.swapDescription', { name: holder.name })}</p>
      <SelectField label={t('turns.swapWith')} options={others} {...field('childId')} />
    </DialogForm>
  );
}
