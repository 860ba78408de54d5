import { formatCents, toCents } from '@contracts/money';
import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { FormField } from './form-field';

interface MoneyFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/**
 * The one amount input (issue #27): offers, counters, payments, refunds, limits, claims, estimates,
 * prices. Text, not type="number", so "$19,500", "25,000" and "1850.5" are all typed the same way;
 * the one parser (contracts/money.ts, the same the server runs) reads it, and the field says what
 * it read ("Reads as $19,500") so nobody sends an amount they did not mean.
 */
export function MoneyField({
  hint,
  onChange,
  defaultValue,
  ref,
  ...props
}: MoneyFieldProps & { ref?: React.Ref<HTMLInputElement> }) {
  const [text, setText] = useState(typeof defaultValue === 'string' ? defaultValue : '');
  const cents = text.trim() === '' ? null : toCents(text);
  const reading = cents === null ? null : <span data-money-reading="">Reads as {formatCents(cents)}</span>;
  // The form library fills the input through its ref (defaults, resets): read what it put there.
  const attach = (input: HTMLInputElement | null) => {
    if (typeof ref === 'function') ref(input);
    else if (ref) ref.current = input;
    if (input && input.value !== text) setText(input.value);
  };
  return (
    <FormField
      ref={attach}
      inputMode="decimal"
      autoComplete="off"
      defaultValue={defaultValue}
      {...props}
      hint={
        hint || reading ? (
          <>
            {reading}
            {hint && reading ? '. ' : null}
            {hint}
          </>
        ) : undefined
      }
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        setText(event.target.value);
        onChange?.(event);
      }}
    />
  );
}
