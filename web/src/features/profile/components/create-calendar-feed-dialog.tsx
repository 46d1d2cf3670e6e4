import { useTranslation } from 'react-i18next';

import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import type { CreatedCalendarFeed } from '../types';
import { CurrentPasswordField, DialogForm } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import { validateCurrentPassword } from '@/lib/validation';

interface PasswordValues {
  currentPassword: string;
}

export interface CreateCalendarFeedDialogProps {
  /** The signed-in user's email, for password managers. */
  username: string;
  onClose: () => void;
  /** The feed is made: its address, to show this once. */
  onCreated: (feed: CreatedCalendarFeed) => void;
}

/** Making a calendar feed, with the current password the server asks for. */
export function CreateCalendarFeedDialog({ username, onClose, onCreated }: CreateCalendarFeedDialogProps) {
  const { t } = useTranslation('profile');
  const { mutateAsync: create } = useCreateCalendarFeed();
  const { serverError, submitting, field, onSubmit } = useForm<PasswordValues>({
    initial: { currentPassword: '' },
    validate: (values) => ({ currentPassword: validateCurrentPassword(values.currentPassword) }),
    fallback: t('calendar.failedToCreate'),
    submit: async (values) => onCreated(await create({ currentPassword: values.currentPassword })),
  });

  return (
    <DialogForm
      title={t('calendar.create')}
      submitLabel={t('calendar.createSubmit')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <p className="muted">{t('calendar.createText')}</p>
      <CurrentPasswordField username={username} autoFocus {...field('currentPassword')} />
    </DialogForm>
  );
}
