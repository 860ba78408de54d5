import { type AdminSaleEventBody, adminSaleEventBodySchema } from '@contracts/after-sale';
import { type ReactNode, useId } from 'react';
import { type DefaultValues, type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { cn } from '@/lib/cn';
import { plainFieldErrors, zodResolver } from '@/lib/zod';

export type StepType = AdminSaleEventBody['type'];
export type Step<T extends StepType> = Extract<AdminSaleEventBody, { type: T }>;

/**
 * A form for one step of the sale, validated by that step's own schema in the server's contract
 * (adminSaleEventBodySchema), so the form and the route refuse the same input with the same words.
 */
export function useStepForm<T extends StepType>(type: T, defaults: Omit<Step<T>, 'type'>) {
  const schema = adminSaleEventBodySchema.options.find((option) => option.shape.type.value === type)!;
  return useForm<Step<T>>({
    resolver: zodResolver(schema, plainFieldErrors) as unknown as Resolver<Step<T>>,
    defaultValues: { type, ...defaults } as DefaultValues<Step<T>>,
    shouldFocusError: true,
  });
}

/**
 * One step's section of the details dialog: a heading, the fields, why the step is not possible
 * now (a disabled button alone says nothing to a screen reader), the server's refusal, and the button.
 */
export function StepSection({
  title,
  submitLabel,
  allowed,
  reason,
  pending,
  error,
  onSubmit,
  hint,
  wide = false,
  children,
}: {
  title: string;
  /** A note shown while the step is possible. */
  hint?: string | undefined;
  /** Takes both columns of the dialog on wider screens. */
  wide?: boolean;
  submitLabel: string;
  allowed: boolean;
  /** Why the step cannot be recorded now (shown when not allowed). */
  reason?: string | undefined;
  pending: boolean;
  /** The server's refusal of the last try, verbatim. */
  error?: string | null | undefined;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        'grid content-start gap-3 rounded-lg border border-slate-200 p-4',
        wide && 'md:col-span-2',
      )}
    >
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        {title}
      </h3>
      <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
        <fieldset disabled={!allowed || pending} className="grid gap-3">
          {children}
          {!allowed && reason ? <p className="text-sm text-slate-600">{reason}</p> : null}
          {allowed && hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
          <FormAlert message={error} />
          <Button type="submit" size="sm" variant="outline" className="justify-self-start">
            {submitLabel}
          </Button>
        </fieldset>
      </form>
    </section>
  );
}
