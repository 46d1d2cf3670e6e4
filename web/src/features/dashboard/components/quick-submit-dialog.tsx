import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { photoProblem, quickSubmission } from '../utils/quick-submission';
import { useCreateSubmission } from '@/api/create-submission';
import { Alert, Button, Dialog } from '@/components/ui';
import { Field } from '@/components/ui/field';
import { PhotoPreview, isImage } from '@/components/ui/photo-preview';
import { paths } from '@/config/paths';
import { useAction } from '@/hooks/use-action';
import { useOwnRewardUnit } from '@/stores/session-store';
import { useThemeContext } from '@/stores/theme-store';
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
 * Submit Chore form, opened with the chore chosen. A KIDS child's photo
 * chore comes here from its "I did it!": the camera first, and nothing is
 * sent without a photo.
 */
export function QuickSubmitDialog({ chore, onClose, onSent }: QuickSubmitDialogProps) {
  const context = useThemeContext();
  const withPhoto = context === 'kids' && chore.requiresPhoto;
  const { t } = useTranslation('dashboard');
  const unit = useOwnRewardUnit();
  const { mutateAsync: send } = useCreateSubmission();
  // The server's message first, then its error, else the spec's fallback.
  const { busy, error, run } = useAction(t('quickSubmit.failed'));
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const reward = formatReward(chore.baseReward, unit);

  const submit = () => {
    const problem = withPhoto ? photoProblem(photo) : null;
    if (problem) {
      setPhotoError(t(problem));
      return;
    }
    void run(async () => {
      await send({ form: quickSubmission(chore.id, new Date(), withPhoto ? photo : null) });
      onSent(chore);
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={chore.name}
      description={
        withPhoto ? t('quickSubmit.photoDescription', { reward }) : t('quickSubmit.description', { context, reward })
      }
    >
      <div className="quick-submit">
        {error && <Alert>{error}</Alert>}
        {withPhoto && (
          <Field label={t('quickSubmit.photo')} hint={t('quickSubmit.photoHint')} error={photoError ?? undefined}>
            {(control) => (
              <>
                <input
                  className="field__input field__file"
                  type="file"
                  accept="image/*"
                  capture="environment"
                  name="photo"
                  data-autofocus
                  onChange={(event) => {
                    setPhotoError(null);
                    setPhoto(event.target.files?.[0] ?? null);
                  }}
                  {...control}
                />
                {photo && isImage(photo) && <PhotoPreview file={photo} alt={t('quickSubmit.photoPreview')} />}
              </>
            )}
          </Field>
        )}
        <Button block isLoading={busy} onClick={submit} data-autofocus={withPhoto ? undefined : true}>
          {t('quickSubmit.send', { context })}
        </Button>
        {!withPhoto && (
          <Link className="btn btn--secondary btn--md btn--block" to={paths.app.submit.getHref(chore.id)}>
            {t('quickSubmit.addPhotoOrNote')}
          </Link>
        )}
      </div>
    </Dialog>
  );
}

