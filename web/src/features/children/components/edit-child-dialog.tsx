import { useState, type FormEvent } from 'react';

import { updateChild } from '../api/update-child';
import type { Child } from '../types';
import { childFormOf, toUpdateChildInput } from '../utils/form-values';
import { validateEditChild, type ChildFormErrors, type ChildFormValues } from '../utils/validation';
import { ChildFields } from './child-fields';
import { Alert, Button, Dialog } from '@/components/ui';
import { getErrorMessage } from '@/lib/api-client';
import { hasErrors } from '@/lib/validation';

export interface EditChildDialogProps {
  child: Child;
  onClose: () => void;
  onSaved: (child: Child) => void;
}

export function EditChildDialog({ child, onClose, onSaved }: EditChildDialogProps) {
  const [values, setValues] = useState<ChildFormValues>(() => childFormOf(child));
  const [errors, setErrors] = useState<ChildFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onChange = (field: keyof ChildFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const found = validateEditChild(values);
    setErrors(found);
    if (hasErrors(found)) return;

    setSubmitting(true);
    try {
      onSaved(await updateChild(child.id, toUpdateChildInput(values)));
    } catch (error) {
      setServerError(getErrorMessage(error, 'Failed to update child'));
      setSubmitting(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title={`Edit ${child.name}`}>
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Edit child">
        {serverError && <Alert>{serverError}</Alert>}
        <ChildFields mode="edit" values={values} errors={errors} onChange={onChange} />
        <div className="form__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={submitting}>
            Save Changes
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
