import { TextField, type TextFieldProps } from './text-field';

export type AmountFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'step'>;

/** A money amount in dollars: a number field in steps of 0.01, from 0 unless another minimum is given. */
export function AmountField({ min = 0, ...props }: AmountFieldProps) {
  return <TextField type="number" inputMode="decimal" min={min} step={0.01} {...props} />;
}
