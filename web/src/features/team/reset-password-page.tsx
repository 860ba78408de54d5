import { PAGE_PATHS } from '@contracts/routes';
import { newPasswordSchema, TEAM_TEXT } from '@contracts/teams';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { PageFrame } from '@/components/page-frame';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { usePageMeta } from '@/lib/use-page-meta';
import { z, zodResolver } from '@/lib/zod';
import { tokenFromLocation, useResetPassword } from './api/member-sign-in';

const resetFormSchema = z.object({ password: newPasswordSchema });

/** The page a reset e-mail links to: a new password, then sign in with it (other sessions end). */
export default function ResetPasswordPage() {
  usePageMeta('resetPassword');
  const [token] = useState(tokenFromLocation);
  const reset = useResetPassword();
  const form = useForm<{ password: string }>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '' },
  });
  const signIn = (
    <Link href={PAGE_PATHS.teamSignIn} className="font-medium text-brand-700 underline underline-offset-2">
      Sign in
    </Link>
  );
  if (!token)
    return (
      <PageFrame card title="This link does not work" subtitle={TEAM_TEXT.linkInvalid}>
        {signIn}
      </PageFrame>
    );
  return (
    <PageFrame card title="Choose a new password" subtitle="You will be signed out everywhere else.">
      {reset.isSuccess ? (
        <p role="status" className="rounded-lg bg-green-50 p-4 text-sm text-green-900">
          Your password was changed. {signIn} with it now.
        </p>
      ) : (
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit(({ password }) => reset.mutate({ token, password }))}
        >
          <FormField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={TEAM_TEXT.passwordTooShort}
            error={
              form.formState.errors.password?.message ?? (reset.isError ? reset.error.message : undefined)
            }
            {...form.register('password')}
          />
          <Button type="submit" size="lg" disabled={reset.isPending}>
            {reset.isPending ? 'Saving…' : 'Save the new password'}
          </Button>
        </form>
      )}
    </PageFrame>
  );
}
