import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import type { Child } from '../types';
import { SignInCode } from './sign-in-code';
import { Button, Dialog } from '@/components/ui';
import { queryKeys } from '@/lib/query-keys';

export interface SignInCodeDialogProps {
  child: Pick<Child, 'id' | 'name'>;
  onClose: () => void;
}

/** "Show sign-in code": a new code for one of the child's own devices, to scan. */
export function SignInCodeDialog({ child, onClose }: SignInCodeDialogProps) {
  const { t } = useTranslation(['children', 'common']);
  const queryClient = useQueryClient();

  // The device may have claimed the code meanwhile: the card's list shows it.
  const close = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.childDevices(child.id) });
    onClose();
  };

  return (
    <Dialog
      open
      onClose={close}
      title={t('devices.title', { name: child.name })}
      description={t('devices.explanation', { name: child.name })}
    >
      <div className="form">
        <SignInCode childId={child.id} name={child.name} />
        <div className="form__actions">
          <Button onClick={close} autoFocus>
            {t('common:actions.done')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
