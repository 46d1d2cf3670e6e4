import { useTranslation } from 'react-i18next';

import { PausesPanel } from './pauses-panel';
import { Dialog } from '@/components/ui';

export interface ChildPausesDialogProps {
  child: { id: string; name: string };
  onClose: () => void;
}

/** One child's pauses, from their card on the Children page. */
export function ChildPausesDialog({ child, onClose }: ChildPausesDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog open onClose={onClose} title={t('pauses.childTitle', { name: child.name })}>
      <PausesPanel childId={child.id} childName={child.name} />
    </Dialog>
  );
}
