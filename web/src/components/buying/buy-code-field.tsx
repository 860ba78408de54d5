import { BUY_CODE_LENGTH } from '@contracts/limits';
import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';

/**
 * The 4-character buy code (Buy Now, Make Offer, the dealer's sign-in): spaced capitals in a
 * monospace font, upper-cased as it is typed, no autocomplete or spell check. `large` in the Buy
 * Now dialog, where the code is the one thing to type.
 */
export function BuyCodeField({
  large = false,
  onChange,
  ...props
}: Omit<ComponentProps<typeof FormField>, 'label' | 'onChange'> &
  Pick<UseFormRegisterReturn, 'onChange'> & { large?: boolean }) {
  return (
    <FormField
      label="Buy code"
      maxLength={BUY_CODE_LENGTH}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      className={
        large
          ? '[&_input]:font-mono [&_input]:text-lg [&_input]:uppercase [&_input]:tracking-[0.4em]'
          : '[&_input]:font-mono [&_input]:uppercase [&_input]:tracking-[0.3em]'
      }
      {...props}
      onChange={(event) => {
        event.target.value = event.target.value.toUpperCase();
        void onChange(event);
      }}
    />
  );
}
