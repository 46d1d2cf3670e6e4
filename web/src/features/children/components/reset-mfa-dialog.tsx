import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useResetChildMfa } from '../api/reset-child-mfa';
import type { Child } from '../types';
import { DialogForm } from '@/components/ui';
import { useAction } from '@/hooks/use-action';

export interface ResetMfaDialogProps {
  child: Child;
  onClose: () => void;
  /** Called once two-factor sign-in is off (the dialog is done then). */
  onDone: () => void;
}

/**
 * The confirmation of turning a child's two-factor sign-in off; a refusal
 * (not on, no login yet) shows in the dialog, which stays open.
 */
export function ResetMfaDialog({ child, onClose, onDone }: ResetMfaDialogProps) {
  const { t } = useTranslation(['children', 'errors']);
  const { mutateAsync: reset } = useResetChildMfa();
  const { busy, error, run } = useAction(t('errors:fallback.resetChildMfa'));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      await reset(child.id);
      onDone();
    });
  };

  return (
    <DialogForm
      title={t('mfaReset.title', { name: child.name })}
      submitLabel={t('mfaReset.submit')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={error}
      submitting={busy}
    >
      <p className="muted">{t('mfaReset.explanation', { name: child.name })}</p>
    </DialogForm>
  );
}
