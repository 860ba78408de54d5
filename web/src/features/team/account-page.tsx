import { newPasswordSchema, TEAM_ROLE_LABELS } from '@contracts/teams';
import { KeyRound, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/display/time-left';
import { bindFields } from '@/lib/form-binding';
import { usePageMeta } from '@/lib/use-page-meta';
import { z, zodResolver } from '@/lib/zod';
import {
  needsReauthentication,
  useAddPasskey,
  useChangeMemberPassword,
  useDeletePasskey,
  usePasskeys,
} from './api/account';
import { passkeyErrorText } from './api/passkey-ceremonies';
import { MemberPage, Section } from './components/member-page';
import { busyClasses, ReauthDialog, useReauthGate } from './components/reauth-dialog';

/**
 * The member's own account: passkeys (add, remove) and password. Adding a passkey or a first
 * password asks "Confirm it is you" when the server answers that it needs the proof again (then
 * tries once more); within the server's 5-minute window it does not ask. A member signed in with a
 * buy code sees what that session may do instead (MemberPage).
 */
export default function AccountPage() {
  usePageMeta('account');
  return (
    <MemberPage title="Your account">
      {({ member }) => (
        <>
          <p className="text-slate-700">
            {member.name} · {member.email} · {TEAM_ROLE_LABELS[member.role]}
          </p>
          <PasskeysSection email={member.email} />
          <PasswordSection email={member.email} />
        </>
      )}
    </MemberPage>
  );
}

function PasskeysSection({ email }: { email: string }) {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useDeletePasskey();
  const [name, setName] = useState('');
  const gate = useReauthGate();
  const addButton = useRef<HTMLButtonElement>(null);
  const addPasskey = (passkeyName: string) =>
    // Through the promise (docs/conventions.md habit 6): the mutation settles once the passkeys are
    // read again, and mutate()'s callbacks are lost if this section is gone by then.
    add.mutateAsync(passkeyName).then(
      () => {
        toast({ title: 'Passkey added' });
        setName('');
      },
      (error: Error) =>
        needsReauthentication(error)
          ? gate.ask(() => addPasskey(passkeyName))
          : toast({
              variant: 'destructive',
              title: 'Could not add the passkey',
              description: passkeyErrorText(error),
            }),
    );
  return (
    <Section title="Passkeys" id="passkeys-title">
      <p className="text-sm text-slate-600">
        A passkey signs you in with this device’s fingerprint, face or screen lock, without a password.
      </p>
      {passkeys.error ? (
        <p role="alert" className="mt-4 text-sm font-medium text-red-800">
          {passkeys.error.message}
        </p>
      ) : null}
      <ul className="mt-4 grid gap-2" aria-label="Your passkeys">
        {(passkeys.data ?? []).map((key) => (
          <li
            key={key.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3"
          >
            <div>
              <p className="font-medium text-slate-900">{key.name}</p>
              <p className="text-sm text-slate-600">
                Added {formatDate(key.createdAt)}
                {key.lastUsedAt ? ` · last used ${formatDate(key.lastUsedAt)}` : ''}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Remove passkey ${key.name}`}
              disabled={remove.isPending}
              onClick={() =>
                // Through the promise (docs/conventions.md habit 6): the mutation settles once the
                // passkeys are read again, without this one, and mutate()'s callbacks with it.
                remove.mutateAsync(key.id).then(
                  () => toast({ title: 'Passkey removed' }),
                  (error: Error) =>
                    toast({ variant: 'destructive', title: 'Could not remove', description: error.message }),
                )
              }
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Remove
            </Button>
          </li>
        ))}
        {passkeys.data?.length === 0 ? <li className="text-sm text-slate-600">No passkeys yet.</li> : null}
      </ul>
      <FormField
        className="mt-4 sm:max-w-sm"
        label="Name of the new passkey (optional)"
        placeholder="e.g. Work laptop"
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <Button
        ref={addButton}
        className={`mt-3 ${busyClasses}`}
        variant="secondary"
        aria-disabled={add.isPending || gate.open || undefined}
        onClick={() => {
          if (add.isPending || gate.open) return;
          addPasskey(name.trim() || `Passkey ${(passkeys.data?.length ?? 0) + 1}`);
        }}
      >
        <KeyRound aria-hidden="true" className="h-4 w-4" />
        {add.isPending ? 'Waiting for your passkey…' : 'Add a passkey'}
      </Button>
      <ReauthDialog gate={gate} email={email} returnFocus={addButton} />
    </Section>
  );
}

const passwordFormSchema = z.object({
  currentPassword: z.string().max(200),
  newPassword: newPasswordSchema,
});

type PasswordForm = z.infer<typeof passwordFormSchema>;

/**
 * Changing the password needs the current one; a member who has only passkeys leaves it empty and
 * sets a first password, which the server treats as a new credential (it may ask "Confirm it is you").
 */
function PasswordSection({ email }: { email: string }) {
  const change = useChangeMemberPassword();
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const field = bindFields(form);
  const gate = useReauthGate();
  const submitButton = useRef<HTMLButtonElement>(null);
  const save = ({ currentPassword, newPassword }: PasswordForm) =>
    change.mutate(
      { ...(currentPassword ? { currentPassword } : {}), newPassword },
      {
        onSuccess: () => {
          toast({ title: currentPassword ? 'Password changed' : 'Password set' });
          form.reset();
        },
        onError: (error) =>
          needsReauthentication(error)
            ? gate.ask(() => save({ currentPassword, newPassword }))
            : toast({ variant: 'destructive', title: 'Could not change it', description: error.message }),
      },
    );
  return (
    <Section title="Password" id="password-title">
      <form
        noValidate
        className="grid gap-4 sm:max-w-sm"
        onSubmit={form.handleSubmit((values) => {
          if (change.isPending || gate.open) return;
          save(values);
        })}
      >
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="Leave it empty if you signed up with a passkey only."
          {...field('currentPassword')}
        />
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters."
          {...field('newPassword')}
        />
        <Button
          ref={submitButton}
          type="submit"
          className={busyClasses}
          aria-disabled={change.isPending || gate.open || undefined}
        >
          {change.isPending ? 'Saving…' : 'Change password'}
        </Button>
      </form>
      <ReauthDialog gate={gate} email={email} returnFocus={submitButton} />
    </Section>
  );
}
