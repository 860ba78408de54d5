import { AUTH_TEXT, type DealerLoginBody, dealerLoginBodySchema } from '@contracts/auth';
import { PAGE_PATHS } from '@contracts/routes';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import { BuyCodeField } from '@/components/buying/buy-code-field';
import { PageFrame } from '@/components/page-frame';
import { signInOutcome } from '@/components/sign-in/sign-in-outcome';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useDealerLogin } from '@/lib/auth/dealer-session';
import { keepNext, nextPathFrom } from '@/lib/auth/return-to';
import { brand, telHref } from '@/lib/brand';
import { bindFields } from '@/lib/form-binding';
import { usePageMeta } from '@/lib/use-page-meta';
import { zodResolver } from '@/lib/zod';

export default function DealerLoginPage() {
  usePageMeta('dealerLogin');
  const [, navigate] = useLocation();
  const search = useSearch();
  const login = useDealerLogin();
  const form = useForm<DealerLoginBody>({
    resolver: zodResolver(dealerLoginBodySchema),
    defaultValues: { dealerName: '', buyCode: '' },
  });
  const field = bindFields(form);

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(
      values,
      signInOutcome(navigate, {
        signedIn: AUTH_TEXT.loggedInDealer,
        failed: AUTH_TEXT.loginFailed,
        fallback: AUTH_TEXT.invalidCredentials,
        goTo: nextPathFrom(search),
      }),
    ),
  );

  return (
    <PageFrame
      card
      title="Dealer Portal"
      subtitle="Sign in with your dealer name and buy code to see your buy codes, purchases and offers."
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField label="Dealer name" autoComplete="organization" {...field('dealerName')} />
        <BuyCodeField {...field('buyCode')} />
        <Button type="submit" size="lg" disabled={login.isPending} className="mt-2">
          {login.isPending ? 'Signing in…' : 'Login'}
        </Button>
      </form>
      <p className="mt-6 text-sm text-slate-600">
        No buy code yet? Call or text{' '}
        <a href={telHref} className="font-medium text-brand-700 underline underline-offset-2">
          {brand.phoneDisplay}
        </a>{' '}
        to get approved.
      </p>
      <p className="mt-3 text-sm text-slate-600">
        Have your own team account?{' '}
        <Link
          href={keepNext(PAGE_PATHS.teamSignIn, search)}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Sign in with your e-mail or a passkey
        </Link>
      </p>
    </PageFrame>
  );
}
