import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { bindFields } from '@/lib/form-binding';
import type { z } from '@/lib/zod';
import { zodResolver } from '@/lib/zod';

export interface EmailPassword {
  email: string;
  password: string;
}

/**
 * The e-mail + password form of every account sign-in (the admin's and a team member's): labelled
 * fields a password manager fills, the schema's messages under each, one submit button that says
 * when it is working.
 */
export function SignInForm({
  schema,
  emailLabel = 'Email',
  emailAutoComplete = 'username',
  submitLabel,
  pending,
  onSubmit,
  children,
}: {
  schema: z.ZodType<EmailPassword, EmailPassword>;
  emailLabel?: string;
  /** "username webauthn" lets the browser offer passkeys in the e-mail field. */
  emailAutoComplete?: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: EmailPassword) => void;
  /** Shown between the fields and the button. */
  children?: ReactNode;
}) {
  const form = useForm<EmailPassword>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
  });
  const field = bindFields(form);
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
      <FormField
        label={emailLabel}
        type="email"
        autoComplete={emailAutoComplete}
        inputMode="email"
        {...field('email')}
      />
      <FormField label="Password" type="password" autoComplete="current-password" {...field('password')} />
      {children}
      <Button type="submit" size="lg" disabled={pending} className="mt-2">
        {pending ? 'Signing in…' : submitLabel}
      </Button>
    </form>
  );
}
