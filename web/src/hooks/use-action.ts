import { useState } from 'react';

import { useConfirm, type Confirmation } from '@/components/ui/confirm-dialog';
import { getErrorMessage } from '@/lib/api-client';

/**
 * A button's call to the server (delete, retire, approve…): whether it is
 * under way, and the text to show when it failed (the server's, else
 * `fallback`). With a confirmation, nothing happens unless the user agrees
 * in the dialog, which the component renders as `confirmDialog`.
 */
export function useAction(fallback: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();

  const run = async (action: () => Promise<void>, confirmation?: Confirmation) => {
    if (confirmation && !(await confirm(confirmation))) return;
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      setError(getErrorMessage(failure, fallback));
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, run, confirmDialog };
}
