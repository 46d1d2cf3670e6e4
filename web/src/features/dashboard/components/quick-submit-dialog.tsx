import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { quickSubmission } from '../utils/quick-submission';
import { useCreateSubmission } from '@/api/create-submission';
import { Alert, Button, Dialog } from '@/components/ui';
import { paths } from '@/config/paths';
import { useAction } from '@/hooks/use-action';
import { useOwnRewardUnit } from '@/stores/session-store';
import { useUiTheme } from '@/stores/theme-store';
import type { Chore } from '@/types/api';
import { formatReward } from '@/utils/format';

export interface QuickSubmitDialogProps {
  chore: Chore;
  onClose: () => void;
  /** Called once the server has taken it and the home has loaded what changed. */
  onSent: (chore: Chore) => void;
}

/**
 * "Do it" on the child's home: one more tap sends the chore, done now, for
 * review (the second tap from the home). A photo or a note goes through the
 * Submit Chore form, opened with the chore chosen.
 */
export function QuickSubmitDialog({ chore, onClose, onSent }: QuickSubmitDialogProps) {
  const kids = useUiTheme() === 'KIDS';
  const { t } = useTranslation('dashboard');
  const unit = useOwnRewardUnit();
  const { mutateAsync: send } = useCreateSubmission();
  // The server's message first, then its error, else the spec's fallback.
  const { busy, error, run } = useAction(t('quickSubmit.failed'));

  const submit = () =>
    run(async () => {
      await send({ form: quickSubmission(chore.id) });
      onSent(chore);
    });

  return (
    <Dialog
      open
      onClose={onClose}
      title={chore.name}
      description={
        t(kids ? 'quickSubmit.descriptionKids' : 'quickSubmit.description', {
          reward: formatReward(chore.baseReward, unit),
        })
      }
    >
      <div className="quick-submit">
        {error && <Alert>{error}</Alert>}
        <Button block isLoading={busy} onClick={() => void submit()} data-autofocus>
          {kids ? t('quickSubmit.sendKids') : t('quickSubmit.send')}
        </Button>
        <Link className="btn btn--secondary btn--md btn--block" to={paths.app.submit.getHref(chore.id)}>
          {t('quickSubmit.addPhotoOrNote')}
        </Link>
      </div>
    </Dialog>
  );
}
