import type { StoreItem, StoreItemInput } from '../api/store';
import { i18n } from '@/lib/i18n';
import type { FieldErrors } from '@/lib/validation';

export interface ItemValues {
  name: string;
  description: string;
  price: string;
  stock: string;
  emoji: string;
  childIds: string[];
}

export const EMPTY_ITEM: ItemValues = { name: '', description: '', price: '', stock: '', emoji: '', childIds: [] };

export function itemValues(item: StoreItem | null): ItemValues {
  if (!item) return EMPTY_ITEM;
  return {
    name: item.name,
    description: item.description,
    price: String(item.price),
    stock: item.stock === null || item.stock === undefined ? '' : String(item.stock),
    emoji: item.emoji,
    childIds: [...item.childIds],
  };
}

/** What the form checks before sending (the server checks again, in its words). */
export function validateItem(values: ItemValues): FieldErrors<keyof ItemValues> {
  const errors: FieldErrors<keyof ItemValues> = {};
  if (!values.name.trim()) errors.name = i18n.t('store:errors.nameRequired');
  const price = Number(values.price);
  if (!values.price.trim() || !Number.isFinite(price) || price <= 0 || Math.round(price * 100) !== price * 100) {
    errors.price = i18n.t('store:errors.priceInvalid');
  }
  if (values.stock.trim() && !/^\d+$/.test(values.stock.trim())) errors.stock = i18n.t('store:errors.stockInvalid');
  return errors;
}

export function toItemInput(values: ItemValues): StoreItemInput {
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    price: Number(values.price),
    stock: values.stock.trim() ? Number(values.stock) : null,
    emoji: values.emoji.trim() || null,
    childIds: values.childIds,
  };
}
