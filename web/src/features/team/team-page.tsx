import { TEAM_ROLE_LABELS, type TeamMember, updateMemberBodySchema } from '@contracts/teams';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { InviteForm } from '@/components/team/invite-form';
import { MemberFields, type MemberFormValues } from '@/components/team/member-fields';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/use-toast';
import { formatMoney } from '@/lib/display/format';
import { bindFields } from '@/lib/form-binding';
import { usePageMeta } from '@/lib/use-page-meta';
import { zodResolver } from '@/lib/zod';
import { useInviteMember, useRemoveMember, useTeamMembers, useUpdateMember } from './api/team-members';
import { MemberPage, Section } from './components/member-page';

const STATUS_TONE = { active: 'green', invited: 'yellow', disabled: 'gray' } as const;
const STATUS_LABEL = { active: 'Active', invited: 'Invited', disabled: 'Removed' } as const;
const limitsText = (m: TeamMember) =>
  [
    m.perVehicleLimit ? `${formatMoney(m.perVehicleLimit)} per vehicle` : null,
    m.perDayLimit ? `${formatMoney(m.perDayLimit)} per day` : null,
  ]
    .filter(Boolean)
    .join(' · ') || 'No limits';

/** The owner's team page: invite people by e-mail, set roles and limits, remove people. */
export default function TeamPage() {
  usePageMeta('team');
  return (
    <MemberPage title="Your team">
      {({ member }) =>
        member.role === 'owner' ? (
          <>
            <InviteSection />
            <MembersSection selfId={member.id} />
          </>
        ) : (
          <p className="text-slate-700">Only your dealership’s owner manages the team.</p>
        )
      }
    </MemberPage>
  );
}

function InviteSection() {
  return (
    <Section title="Invite someone" id="invite-title">
      <InviteForm invite={useInviteMember()} submitLabel="Send invitation" />
    </Section>
  );
}

function MembersSection({ selfId }: { selfId: number }) {
  const team = useTeamMembers();
  return (
    <Section title="Team members" id="members-title">
      {team.isPending ? <p className="text-sm text-slate-600">Loading…</p> : null}
      {team.error ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {team.error.message}
        </p>
      ) : null}
      <ul className="grid gap-3">
        {(team.data ?? []).map((m) => (
          <li
            key={m.id}
            className="grid gap-2 rounded-lg border border-slate-200 p-4 sm:grid-cols-[1fr_auto] sm:items-center"
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                <span className="break-all">{m.name}</span>
                <Badge tone={STATUS_TONE[m.status]}>{STATUS_LABEL[m.status]}</Badge>
              </p>
              <p className="break-all text-sm text-slate-600">{m.email}</p>
              <p className="text-sm text-slate-700">
                {TEAM_ROLE_LABELS[m.role]} · {limitsText(m)}
              </p>
            </div>
            {m.id !== selfId && m.status !== 'disabled' ? <MemberActions member={m} /> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function MemberActions({ member }: { member: TeamMember }) {
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const form = useForm<MemberFormValues>({
    resolver: zodResolver(updateMemberBodySchema) as never,
    defaultValues: {
      role: member.role,
      perVehicleLimit: member.perVehicleLimit ?? '',
      perDayLimit: member.perDayLimit ?? '',
    },
  });
  return (
    <div className="flex flex-wrap gap-2">
      <Modal
        open={editing}
        onOpenChange={setEditing}
        title={`Role and limits of ${member.name}`}
        trigger={
          <Button variant="outline" size="sm">
            Edit
          </Button>
        }
      >
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((body) => {
            // Through the promise (docs/conventions.md habit 6): the mutation settles once the team
            // is read again, and mutate()'s callbacks are lost if this form is gone by then.
            update.mutateAsync({ id: member.id, body }).then(
              () => {
                toast({ title: 'Saved' });
                setEditing(false);
              },
              (error: Error) =>
                toast({ variant: 'destructive', title: 'Could not save', description: error.message }),
            );
          })}
        >
          <MemberFields field={bindFields(form)} />
          <Button type="submit" disabled={update.isPending}>
            Save
          </Button>
        </form>
      </Modal>
      <Modal
        open={removing}
        onOpenChange={setRemoving}
        title={`Remove ${member.name}?`}
        description="They are signed out at once and can no longer sign in. Their purchases stay on record."
        trigger={
          <Button variant="destructive" size="sm">
            Remove
          </Button>
        }
      >
        <Button
          variant="destructive"
          disabled={remove.isPending}
          onClick={() =>
            // Through the promise (docs/conventions.md habit 6): the mutation settles once the team
            // is read again, without this member, and mutate()'s callbacks with it.
            remove.mutateAsync(member.id).then(
              () => {
                toast({ title: `${member.name} was removed` });
                setRemoving(false);
              },
              (error: Error) =>
                toast({ variant: 'destructive', title: 'Could not remove', description: error.message }),
            )
          }
        >
          Remove {member.name}
        </Button>
      </Modal>
    </div>
  );
}
