import { AUTH_TEXT, type StaffLoginBody, staffLoginBodySchema } from '@contracts/auth';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useStaffLogin } from '@/lib/auth/staff-session';
import { bindFields } from '@/lib/form-binding';
import { zodResolver } from '@/lib/zod';
import { StepHeader } from './step-layout';

/** Step 1: the shared upload password, verified by the server (docs/design.md §2). */
export function PasswordStep({ onVerified }: { onVerified: () => void }) {
  const login = useStaffLogin();
  const form = useForm<StaffLoginBody>({
    resolver: zodResolver(staffLoginBodySchema),
    defaultValues: { password: '' },
    // The message stays until the next Continue, and focus stays on the button.
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });
  const field = bindFields(form);

  const onSubmit = form.handleSubmit(({ password }) =>
    login.mutate(password, {
      onSuccess: () => {
        form.clearErrors();
        toast({ title: AUTH_TEXT.passwordVerified });
        onVerified();
      },
      onError: (e) => {
        const message = e.message === AUTH_TEXT.incorrectPassword ? AUTH_TEXT.incorrectPassword : e.message;
        form.setError('password', { message });
        toast({ variant: 'destructive', title: message });
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <StepHeader title="Upload password" description="Enter the staff upload password to start." />
      {/* The password is shared, not personal; this lets a password manager file it under a name. */}
      <input type="text" name="username" autoComplete="username" value="staff" readOnly hidden />
      <FormField label="Password" type="password" autoComplete="current-password" {...field('password')} />
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? 'Checking…' : 'Continue'}
      </Button>
    </form>
  );
}
