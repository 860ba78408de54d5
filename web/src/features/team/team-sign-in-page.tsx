import { PAGE_PATHS } from '@contracts/routes';
import { memberSignInBodySchema, TEAM_TEXT } from '@contracts/teams';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { AuthCard } from '@/components/auth-card';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { zodResolver } from '@/lib/zod';
import { useMemberLogin, usePasskeySignIn } from './api/member-sign-in';
import { passkeyErrorText } from './api/passkey-ceremonies';

interface SignInForm {
  email: string;
  password: string;
}

/** A team member signs in with e-mail and password, or a passkey (DESIGN.md §10). */
export default function TeamSignInPage() {
  usePageMeta('teamSignIn');
  const [, navigate] = useLocation();
  const login = useMemberLogin();
  const passkey = usePasskeySignIn();
  const form = useForm<SignInForm>({
    resolver: zodResolver(memberSignInBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const done = () => {
    toast({ title: 'Signed in' });
    navigate(PAGE_PATHS.dealerDashboard);
  };
  const failed = (description: string) =>
    toast({ variant: 'destructive', title: 'Sign-in failed', description });

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: done,
      onError: (error) => failed(error.message || TEAM_TEXT.invalidSignIn),
    }),
  );

  return (
    <AuthCard title="Team sign-in" description="Sign in with your own account at your dealership.">
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={passkey.isPending}
        onClick={() =>
          passkey.mutate(undefined, { onSuccess: done, onError: (error) => failed(passkeyErrorText(error)) })
        }
      >
        <KeyRound aria-hidden="true" className="h-4 w-4" />
        {passkey.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
      <p className="my-5 text-center text-sm text-slate-500">or with your password</p>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField
          label="E-mail"
          type="email"
          autoComplete="username webauthn"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" size="lg" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <div className="mt-6 grid gap-2 text-sm">
        <Link
          href={PAGE_PATHS.forgotPassword}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Forgot your password?
        </Link>
        <Link href={PAGE_PATHS.dealerLogin} className="text-slate-600 underline underline-offset-2">
          Sign in with your dealer name and buy code instead
        </Link>
      </div>
    </AuthCard>
  );
}
