import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from './alert';
import { Button } from './button';
import { useAction } from '@/hooks/use-action';

export interface EditRemoveActionsProps {
  /** The item's name, for the buttons' accessible names ("Edit Kitchen"). */
  name: string;
  /** Without it, there is no Edit button (e.g. for an archived item). */
  onEdit?: () => void;
  /** Removes the item on the server (and then from the screen). */
  onRemove: () => Promise<void>;
  /** The remove button's text: Delete, Retire… */
  removeLabel: string;
  /** Asked before removing, in a dialog named like the remove button. */
  confirmation: string;
  /** The alert when removing fails and the server gives no text. */
  fallback: string;
  /** More buttons, between Edit and the remove button. */
  children?: ReactNode;
}

/** Edit and Delete (or Retire) buttons for one item, with what went wrong below them. */
export function EditRemoveActions({
  name,
  onEdit,
  onRemove,
  removeLabel,
  confirmation,
  fallback,
  children,
}: EditRemoveActionsProps) {
  const { t } = useTranslation();
  const remove = useAction(fallback);
  const removeName = t('named.action', { action: removeLabel, name });
  return (
    <div className="edit-remove-actions">
      <div className="button-row">
        {onEdit && (
          <Button variant="secondary" size="sm" onClick={onEdit} aria-label={t('named.edit', { name })}>
            {t('actions.edit')}
          </Button>
        )}
        {children}
        <Button
          variant="danger-quiet"
          size="sm"
          onClick={() =>
            remove.run(onRemove, { title: removeName, message: confirmation, confirmLabel: removeLabel, danger: true })
          }
          isLoading={remove.busy}
          aria-label={removeName}
        >
          {removeLabel}
        </Button>
      </div>
      {remove.error && <Alert>{remove.error}</Alert>}
      {remove.confirmDialog}
    </div>
  );
}
