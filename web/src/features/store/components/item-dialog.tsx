import { useTranslation } from 'react-i18next';

import { useSaveItem, type StoreItem } from '../api/store';
import { itemValues, toItemInput, validateItem, type ItemValues } from '../utils/item-form';
import { AmountField, CheckboxField, DialogForm, TextAreaField, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';

export interface StoreChild {
  id: string;
  name: string;
}

/** Adds a reward to the store, or edits one (`item`). */
export function ItemDialog({
  item,
  family,
  onClose,
}: {
  item: StoreItem | null;
  family: readonly StoreChild[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['store', 'errors']);
  const { mutateAsync: save } = useSaveItem();
  const { values, update, serverError, submitting, field, onSubmit } = useForm<ItemValues>({
    initial: () => itemValues(item),
    validate: validateItem,
    fallback: t('errors:fallback.saveStoreItem'),
    submit: async (input) => {
      await save({ id: item?.id, input: toItemInput(input) });
      onClose();
    },
  });
  const toggle = (id: string, on: boolean) =>
    update('childIds', on ? [...values.childIds, id] : values.childIds.filter((c) => c !== id));

  return (
    <DialogForm
      title={item ? t('form.titleEdit', { name: item.name }) : t('form.titleAdd')}
      submitLabel={t('form.save')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <TextField label={t('form.name')} autoComplete="off" autoFocus {...field('name')} />
      <TextAreaField label={t('form.description')} {...field('description')} />
      <AmountField label={t('form.price')} min={0.01} hint={t('form.priceHint')} {...field('price')} />
      <TextField
        label={t('form.stock')}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        hint={t('form.stockHint')}
        {...field('stock')}
      />
      <TextField label={t('form.emoji')} autoComplete="off" hint={t('form.emojiHint')} {...field('emoji')} />
      {family.length > 0 && (
        <fieldset className="fieldset">
          <legend>{t('form.children')}</legend>
          <p className="muted small">{t('form.childrenHint')}</p>
          {family.map((child) => (
            <CheckboxField
              key={child.id}
              label={child.name}
              checked={values.childIds.includes(child.id)}
              onChange={(event) => toggle(child.id, event.target.checked)}
            />
          ))}
        </fieldset>
      )}
    </DialogForm>
  );
}
