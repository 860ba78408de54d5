import { AUTH_TEXT, adminLoginBodySchema } from '@contracts/auth';
import { PAGE_PATHS } from '@contracts/routes';
import { useLocation } from 'wouter';
import { PageFrame } from '@/components/page-frame';
import { SignInForm } from '@/components/sign-in/sign-in-form';
import { signInOutcome } from '@/components/sign-in/sign-in-outcome';
import { useAdminLogin } from '@/lib/auth/admin-session';
import { usePageMeta } from '@/lib/use-page-meta';

export default function AdminLoginPage() {
  usePageMeta('adminLogin');
  const [, navigate] = useLocation();
  const login = useAdminLogin();
  const outcome = signInOutcome(navigate, {
    signedIn: AUTH_TEXT.loggedInAdmin,
    failed: AUTH_TEXT.loginFailed,
    fallback: AUTH_TEXT.invalidCredentials,
    goTo: PAGE_PATHS.admin,
  });
  return (
    <PageFrame card title="Admin Login" subtitle="Sign in with your admin e-mail and password.">
      <SignInForm
        schema={adminLoginBodySchema}
        submitLabel="Login"
        pending={login.isPending}
        onSubmit={(values) => login.mutate(values, outcome)}
      />
    </PageFrame>
  );
}
