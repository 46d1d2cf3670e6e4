import { useTranslation } from 'react-i18next';

import { useUpdateChild } from '../api/update-child';
import type { Child } from '../types';
import { childFormOf, toUpdateChildInput } from '../utils/form-values';
import { validateEditChild, type ChildFormValues } from '../utils/validation';
import { ChildFields } from './child-fields';
import { Alert, Button, Dialog } from '@/components/ui';
import { useForm } from '@/hooks/use-form';

/** What the edit form shows (not the first and last name the invitation asked for). */
const EDIT_CHILD_FIELDS = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  dateOfBirth: 'dateOfBirth',
  birthdayRewardAmount: 'birthdayRewardAmount',
  ageGroup: 'ageGroup',
  uiTheme: 'uiTheme',
  rewardDisplayType: 'rewardDisplayType',
} as const;

export interface EditChildDialogProps {
  child: Child;
  /** Closes the dialog, also once the changes are saved and the children are loaded again. */
  onClose: () => void;
}

export function EditChildDialog({ child, onClose }: EditChildDialogProps) {
  const { t } = useTranslation(['children', 'common', 'errors']);
  const { mutateAsync: save } = useUpdateChild();
  const hasEmail = Boolean(child.user?.email?.trim());
  const { values, errors, serverError, submitting, update, onSubmit } = useForm<ChildFormValues>({
    initial: () => childFormOf(child),
    validate: (values) => validateEditChild(values, new Date(), { emailRequired: hasEmail }),
    fallback: t('errors:fallback.updateChild'),
    serverFields: EDIT_CHILD_FIELDS,
    submit: async (values) => {
      await save({ id: child.id, input: toUpdateChildInput(values) });
      onClose();
    },
  });

  return (
    <Dialog open onClose={onClose} title={t('common:named.edit', { name: child.name })}>
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t('edit.formLabel')}>
        {serverError && <Alert>{serverError}</Alert>}
        <ChildFields mode="edit" emailOptional={!hasEmail} values={values} errors={errors} onChange={update} />
        <div className="form__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" isLoading={submitting}>
            {t('common:actions.saveChanges')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
