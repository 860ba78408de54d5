import { PAGE_PATHS } from '@contracts/routes';
import { passwordResetRequestBodySchema, TEAM_TEXT } from '@contracts/teams';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { PageFrame } from '@/components/page-frame';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { usePageMeta } from '@/lib/use-page-meta';
import { zodResolver } from '@/lib/zod';
import { useRequestPasswordReset } from './api/member-sign-in';

/** "Forgot password": a 15-minute link by e-mail; the answer never says whether the e-mail is known. */
export default function ForgotPasswordPage() {
  usePageMeta('forgotPassword');
  const request = useRequestPasswordReset();
  const form = useForm<{ email: string }>({
    resolver: zodResolver(passwordResetRequestBodySchema),
    defaultValues: { email: '' },
  });
  return (
    <PageFrame
      card
      title="Forgot your password?"
      subtitle="We will e-mail you a link to choose a new one. It works for 15 minutes."
    >
      {request.isSuccess ? (
        <p role="status" className="rounded-lg bg-green-50 p-4 text-sm text-green-900">
          {TEAM_TEXT.resetSent}
        </p>
      ) : (
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit(({ email }) => request.mutate(email))}
        >
          <FormField
            label="E-mail"
            type="email"
            autoComplete="username"
            error={
              form.formState.errors.email?.message ?? (request.isError ? request.error.message : undefined)
            }
            {...form.register('email')}
          />
          <Button type="submit" size="lg" disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Send the link'}
          </Button>
        </form>
      )}
      <Link
        href={PAGE_PATHS.teamSignIn}
        className="mt-6 inline-block text-sm text-brand-700 underline underline-offset-2"
      >
        Back to sign-in
      </Link>
    </PageFrame>
  );
}
