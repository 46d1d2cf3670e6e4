import { cn } from '@/utils/cn';

export interface DetailsListProps {
  /** Label and value pairs, in order. */
  items: ReadonlyArray<readonly [label: string, value: string]>;
  /** Without the boxed background (inside cards). */
  plain?: boolean;
}

/** Labelled values, such as a card's details. */
export function DetailsList({ items, plain = false }: DetailsListProps) {
  return (
    <dl className={cn('details-list', plain && 'details-list--plain')}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
