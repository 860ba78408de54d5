import { PAGE_PATHS } from '@contracts/routes';
import { newPasswordSchema, TEAM_ROLE_LABELS, TEAM_TEXT } from '@contracts/teams';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { PageFrame } from '@/components/page-frame';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { bindFields } from '@/lib/form-binding';
import { usePageMeta } from '@/lib/use-page-meta';
import { z, zodResolver } from '@/lib/zod';
import { tokenFromLocation, useAcceptInvitation, useInvitation } from './api/member-sign-in';
import { passkeyErrorText } from './api/passkey-ceremonies';

const passwordFormSchema = z.object({ password: newPasswordSchema });

/** The page an invitation e-mail links to: set a password or add a passkey, then you are in. */
export default function AcceptInvitationPage() {
  usePageMeta('acceptInvitation');
  const [token] = useState(tokenFromLocation);
  const invitation = useInvitation(token);
  if (!token || invitation.isError) return <LinkProblem />;
  if (!invitation.data)
    return (
      <PageFrame card title="Join your dealership’s team">
        Checking your invitation…
      </PageFrame>
    );
  const { name, dealerName, role, email } = invitation.data;
  return (
    <PageFrame
      card
      title={`Join ${dealerName}`}
      subtitle={`Welcome, ${name}. You were invited as ${TEAM_ROLE_LABELS[role].toLowerCase()}; you will sign in as ${email}.`}
    >
      <AcceptForm token={token} />
    </PageFrame>
  );
}

function AcceptForm({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const accept = useAcceptInvitation();
  const form = useForm<{ password: string }>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { password: '' },
  });
  const field = bindFields(form);
  const done = () => {
    toast({ title: 'Welcome to the team' });
    navigate(PAGE_PATHS.dealerDashboard);
  };
  const failed = (description: string) =>
    toast({ variant: 'destructive', title: 'Could not accept', description });
  return (
    <div className="grid gap-5">
      <Button
        variant="secondary"
        size="lg"
        disabled={accept.isPending}
        onClick={() =>
          accept.mutate(
            { token, withPasskey: true },
            { onSuccess: done, onError: (e) => failed(passkeyErrorText(e)) },
          )
        }
      >
        <KeyRound aria-hidden="true" className="h-4 w-4" />
        Add a passkey and join
      </Button>
      <p className="text-center text-sm text-slate-500">or choose a password</p>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit(({ password }) =>
          accept.mutate({ token, password }, { onSuccess: done, onError: (e) => failed(e.message) }),
        )}
      >
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={TEAM_TEXT.passwordTooShort}
          {...field('password')}
        />
        <Button type="submit" size="lg" disabled={accept.isPending}>
          {accept.isPending ? 'Joining…' : 'Set password and join'}
        </Button>
      </form>
    </div>
  );
}

function LinkProblem() {
  return (
    <PageFrame card title="This link does not work" subtitle={TEAM_TEXT.linkInvalid}>
      <p className="text-sm text-slate-700">
        Ask your dealership’s owner (or us) to send a new invitation. Already joined?{' '}
        <Link
          href={PAGE_PATHS.teamSignIn}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Sign in
        </Link>
        .
      </p>
    </PageFrame>
  );
}
