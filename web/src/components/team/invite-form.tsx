import { type InvitedMember, type InviteMemberBody, inviteMemberBodySchema } from '@contracts/teams';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { bindFields } from '@/lib/form-binding';
import { zodResolver } from '@/lib/zod';
import { InvitationLinkNotice } from './invitation-link-notice';
import { MemberFields, type MemberFormValues } from './member-fields';

type InviteValues = MemberFormValues & { email: string; name: string };

/**
 * Inviting a person to a dealership's team, by its owner (team page) or an admin (the dealer's
 * team panel): name, e-mail, role and limits. "Invitation sent" only when it was mailed; without
 * mail the link is handed over, once (docs/design.md §10).
 */
export function InviteForm({
  invite,
  defaultRole = 'buyer',
  submitLabel,
  className,
}: {
  invite: UseMutationResult<InvitedMember, Error, InviteMemberBody>;
  defaultRole?: InviteValues['role'];
  submitLabel: string;
  className?: string;
}) {
  const [handOver, setHandOver] = useState<{ name: string; link: string } | null>(null);
  const form = useForm<InviteValues>({
    resolver: zodResolver(inviteMemberBodySchema) as never,
    values: { email: '', name: '', role: defaultRole, perVehicleLimit: '', perDayLimit: '' },
  });
  const field = bindFields(form);
  return (
    <div className={className}>
      {handOver ? <InvitationLinkNotice {...handOver} /> : null}
      <form
        noValidate
        aria-label="Invite to the team"
        className="mt-3 grid gap-4"
        onSubmit={form.handleSubmit((values) =>
          invite.mutate(values as unknown as InviteMemberBody, {
            onSuccess: (invited) => {
              if (invited.invitationLink) setHandOver({ name: invited.name, link: invited.invitationLink });
              else {
                setHandOver(null);
                toast({ title: 'Invitation sent', description: `${values.email} has 72 hours to accept.` });
              }
              form.reset();
            },
            onError: (error) =>
              toast({ variant: 'destructive', title: 'Could not invite', description: error.message }),
          }),
        )}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Name" autoComplete="off" {...field('name')} />
          <FormField label="E-mail" type="email" autoComplete="off" {...field('email')} />
        </div>
        <MemberFields field={field} />
        <Button type="submit" disabled={invite.isPending} className="sm:justify-self-start">
          {invite.isPending ? 'Sending…' : submitLabel}
        </Button>
      </form>
    </div>
  );
}
