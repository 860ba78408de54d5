import {
  type FieldPath,
  type FieldValues,
  type FormState,
  get,
  type RegisterOptions,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';

/** One field's registration (name, ref, onChange, onBlur) and the schema's message for it. */
export type BoundField = UseFormRegisterReturn & { error: string | undefined };

/**
 * Ties the labelled fields (FormField, MoneyField, SelectField, TextAreaField) to a react-hook-form
 * form: `field(name)` is the path's registration and its error message, so a field names its path
 * once: `<FormField label="Email" {...field('email')} />`. Called while rendering, like reading
 * `formState.errors` directly, so the form re-renders when its errors change.
 */
export function bindFields<T extends FieldValues>(form: {
  register: UseFormRegister<T>;
  formState: FormState<NoInfer<T>>;
}) {
  return <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>): BoundField => ({
    ...form.register(name, options),
    error: get<FormState<T>['errors'], { message?: string } | undefined>(form.formState.errors, name)
      ?.message,
  });
}
