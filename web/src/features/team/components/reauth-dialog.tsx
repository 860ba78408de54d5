import { SESSION_TEXT } from '@contracts/auth';
import { MAX_MEMBER_PASSWORD } from '@contracts/teams';
import { KeyRound } from 'lucide-react';
import { type RefObject, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/use-toast';
import { bindFields } from '@/lib/form-binding';
import { z, zodResolver } from '@/lib/zod';
import { useReauthenticate } from '../api/account';
import { passkeyErrorText } from '../api/passkey-ceremonies';

/** "Confirm it is you: enter your password or …" → its title and its sentence. */
const [REAUTH_TITLE = SESSION_TEXT.reauthenticate, reauthDetail = ''] =
  SESSION_TEXT.reauthenticate.split(': ');
const REAUTH_DETAIL = `${reauthDetail.charAt(0).toUpperCase()}${reauthDetail.slice(1)}.`;

/**
 * A button stays focusable while its request runs (aria-disabled, not disabled): focus is not lost
 * while the passkey prompt is up or the password is checked, and a dialog closing can return to it.
 */
export const busyClasses = 'aria-disabled:cursor-wait aria-disabled:opacity-60';

const reauthFormSchema = z.object({
  password: z.string().min(1, 'Enter your password').max(MAX_MEMBER_PASSWORD, 'Enter your password'),
});

/**
 * Asks again for what proves the member (docs/decisions/0031-session-strength.md) before a credential
 * is added, then `confirmed` runs what the server had refused. `ask(run)` opens it.
 */
export function useReauthGate() {
  const [pending, setPending] = useState<{ run: () => void } | null>(null);
  return {
    ask: (run: () => void) => setPending({ run }),
    open: pending !== null,
    cancel: () => setPending(null),
    confirmed: () => {
      setPending(null);
      pending?.run();
    },
  };
}

/**
 * "Confirm it is you": the password, or "Use a passkey instead" (the sign-in page's passkey
 * ceremony). A refusal is said in the dialog, by the field or under the passkey button; the first
 * field takes focus on opening and after a refused password, and closing returns focus to the
 * control that started it (`returnFocus`).
 */
export function ReauthDialog({
  gate,
  email,
  returnFocus,
}: {
  gate: ReturnType<typeof useReauthGate>;
  email: string;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const reauth = useReauthenticate();
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);
  const [using, setUsing] = useState<'password' | 'passkey' | null>(null);
  const form = useForm<z.infer<typeof reauthFormSchema>>({
    resolver: zodResolver(reauthFormSchema),
    defaultValues: { password: '' },
  });
  const field = bindFields(form);
  const clear = () => {
    form.reset();
    reauth.reset();
    setPasskeyProblem(null);
    setUsing(null);
  };
  const confirmed = () => {
    toast({ title: SESSION_TEXT.reauthenticated });
    clear();
    gate.confirmed();
  };
  const busy = reauth.isPending;
  return (
    <Modal
      open={gate.open}
      onOpenChange={(next) => {
        if (next || busy) return;
        clear();
        gate.cancel();
      }}
      returnFocus={returnFocus}
      title={REAUTH_TITLE}
      description={REAUTH_DETAIL}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit(({ password }) => {
          if (busy) return;
          setPasskeyProblem(null);
          setUsing('password');
          reauth.mutate(
            { password },
            {
              onSuccess: confirmed,
              onError: (error) =>
                form.setError('password', { message: error.message }, { shouldFocus: true }),
            },
          );
        })}
      >
        {/* The account's e-mail, for password managers (the field they fill is the next one). */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField
          label="Your password"
          type="password"
          autoComplete="current-password"
          {...field('password')}
        />
        <Button type="submit" aria-disabled={busy || undefined} className={busyClasses}>
          {busy && using === 'password' ? 'Checking…' : 'Confirm'}
        </Button>
      </form>
      <div className="grid gap-2">
        <p className="text-center text-sm text-slate-500">or, without a password</p>
        <Button
          variant="outline"
          aria-disabled={busy || undefined}
          className={busyClasses}
          onClick={() => {
            if (busy) return;
            setPasskeyProblem(null);
            form.clearErrors();
            setUsing('passkey');
            reauth.mutate(
              { passkey: true },
              { onSuccess: confirmed, onError: (error) => setPasskeyProblem(passkeyErrorText(error)) },
            );
          }}
        >
          <KeyRound aria-hidden="true" className="h-4 w-4" />
          {busy && using === 'passkey' ? 'Waiting for your passkey…' : 'Use a passkey instead'}
        </Button>
        <FormAlert message={passkeyProblem} />
      </div>
    </Modal>
  );
}
