import { AUTH_TEXT } from '@contracts/auth';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useStaffLogin } from '@/lib/auth/staff-session';
import { StepHeader } from './step-layout';

/** Step 1: the shared upload password, verified by the server (DESIGN.md §2). */
export function PasswordStep({ onVerified }: { onVerified: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const login = useStaffLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(AUTH_TEXT.passwordRequired);
      return;
    }
    login.mutate(password, {
      onSuccess: () => {
        setError(undefined);
        toast({ title: AUTH_TEXT.passwordVerified });
        onVerified();
      },
      onError: (e) => {
        const message = e.message === AUTH_TEXT.incorrectPassword ? AUTH_TEXT.incorrectPassword : e.message;
        setError(message);
        toast({ variant: 'destructive', title: message });
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <StepHeader title="Upload password" description="Enter the staff upload password to start." />
      {/* The password is shared, not personal; this lets a password manager file it under a name. */}
      <input type="text" name="username" autoComplete="username" value="staff" readOnly hidden />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={error}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? 'Checking…' : 'Continue'}
      </Button>
    </form>
  );
}
