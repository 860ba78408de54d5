import { PAGE_PATHS } from '@contracts/routes';
import { memberSignInBodySchema, TEAM_TEXT } from '@contracts/teams';
import { KeyRound } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { PageFrame } from '@/components/page-frame';
import { SignInForm } from '@/components/sign-in/sign-in-form';
import { signInOutcome } from '@/components/sign-in/sign-in-outcome';
import { Button } from '@/components/ui/button';
import { keepNext, nextPathFrom } from '@/lib/auth/return-to';
import { usePageMeta } from '@/lib/use-page-meta';
import { useMemberLogin, usePasskeySignIn } from './api/member-sign-in';
import { passkeyErrorText } from './api/passkey-ceremonies';

/** A team member signs in with e-mail and password, or a passkey (docs/design.md §10). */
export default function TeamSignInPage() {
  usePageMeta('teamSignIn');
  const [, navigate] = useLocation();
  const search = useSearch();
  const login = useMemberLogin();
  const passkey = usePasskeySignIn();
  const outcome = signInOutcome(navigate, {
    signedIn: 'Signed in',
    failed: 'Sign-in failed',
    fallback: TEAM_TEXT.invalidSignIn,
    // Where a signed-out visit to the dashboard wanted to go (a link from an e-mail), else the dashboard.
    goTo: nextPathFrom(search),
  });

  return (
    <PageFrame card title="Team sign-in" subtitle="Sign in with your own account at your dealership.">
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={passkey.isPending}
        onClick={() =>
          passkey.mutate(undefined, {
            onSuccess: outcome.onSuccess,
            onError: (error) => outcome.onError(new Error(passkeyErrorText(error))),
          })
        }
      >
        <KeyRound aria-hidden="true" className="h-4 w-4" />
        {passkey.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
      <p className="my-5 text-center text-sm text-slate-500">or with your password</p>
      <SignInForm
        schema={memberSignInBodySchema}
        emailLabel="E-mail"
        emailAutoComplete="username webauthn"
        submitLabel="Sign in"
        pending={login.isPending}
        onSubmit={(values) => login.mutate(values, outcome)}
      />
      <div className="mt-6 grid gap-2 text-sm">
        <Link
          href={PAGE_PATHS.forgotPassword}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Forgot your password?
        </Link>
        <Link
          href={keepNext(PAGE_PATHS.dealerLogin, search)}
          className="text-slate-600 underline underline-offset-2"
        >
          Sign in with your dealer name and buy code instead
        </Link>
      </div>
    </PageFrame>
  );
}
