import { type AdminLoginBody, AUTH_TEXT, adminLoginBodySchema } from '@contracts/auth';
import { PAGE_PATHS } from '@contracts/routes';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { AuthCard } from '@/components/auth-card';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useAdminLogin } from '@/lib/auth/admin-session';
import { usePageMeta } from '@/lib/use-page-meta';
import { zodResolver } from '@/lib/zod';

export default function AdminLoginPage() {
  usePageMeta('adminLogin');
  const [, navigate] = useLocation();
  const login = useAdminLogin();
  const form = useForm<AdminLoginBody>({
    resolver: zodResolver(adminLoginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => {
        toast({ title: AUTH_TEXT.loggedInAdmin });
        navigate(PAGE_PATHS.admin);
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: AUTH_TEXT.loginFailed,
          description: error.message || AUTH_TEXT.invalidCredentials,
        });
      },
    }),
  );

  return (
    <AuthCard title="Admin Login" description="Sign in with your admin e-mail and password.">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
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
        <Button type="submit" size="lg" disabled={login.isPending} className="mt-2">
          {login.isPending ? 'Signing in…' : 'Login'}
        </Button>
      </form>
    </AuthCard>
  );
}
