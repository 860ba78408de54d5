import type { Dealer } from '@contracts/dealers';
import { TEAM_ROLE_LABELS, type TeamMember } from '@contracts/teams';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { InvitationLinkNotice } from '@/components/team/invitation-link-notice';
import { InviteForm } from '@/components/team/invite-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Empty } from '@/components/ui/query-states';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/display/time-left';
import {
  useAdminInvite,
  useDealerTeam,
  useDisableMember,
  useResendInvitation,
  useRevokeInvitation,
} from '../../api/dealer-team';
import { Panel, PanelStates } from '../common/panel';

const STATUS_TONE = { active: 'green', invited: 'yellow', disabled: 'gray' } as const;
const STATUS_LABEL = { active: 'Active', invited: 'Invited', disabled: 'Disabled' } as const;

/** The selected dealership's team (docs/design.md §10): invite its owner, resend or revoke invitations, disable people. */
export function DealerTeam({ dealer }: { dealer: Dealer }) {
  const team = useDealerTeam(dealer.id);
  const invite = useAdminInvite(dealer.id);
  const hasOwner = !!team.data?.some((m) => m.role === 'owner' && m.status !== 'disabled');
  return (
    <Panel
      title={`Team: ${dealer.dealerName}`}
      description="People who sign in with their own e-mail and a passkey or password."
    >
      <PanelStates
        query={team}
        loading="Loading the team..."
        rows={2}
        empty={
          <Empty
            icon={Users}
            title="No team yet"
            text="Invite the dealership’s owner below; they can invite the rest."
          />
        }
      >
        {(data) => (
          <ul className="grid gap-3" aria-label={`Team of ${dealer.dealerName}`}>
            {data.map((member) => (
              <MemberRow key={member.id} dealerId={dealer.id} member={member} />
            ))}
          </ul>
        )}
      </PanelStates>
      <InviteForm
        invite={invite}
        className="mt-4 border-t border-slate-200 pt-4"
        defaultRole={hasOwner ? 'buyer' : 'owner'}
        submitLabel={hasOwner ? 'Invite' : 'Invite the owner'}
      />
    </Panel>
  );
}

function MemberRow({ dealerId, member: m }: { dealerId: number; member: TeamMember }) {
  const resend = useResendInvitation(dealerId);
  const revoke = useRevokeInvitation(dealerId);
  const disable = useDisableMember(dealerId);
  const [handOver, setHandOver] = useState<string | null>(null);
  // Through mutateAsync()'s promise (docs/conventions.md habit 6): these settle once the team is
  // read again, and a revoked invitation's row is gone by then, with mutate()'s callbacks.
  const settle = (sent: Promise<unknown>, { onSuccess, onError }: ReturnType<typeof report>) =>
    sent.then(onSuccess, onError);
  const report = (title: string) => ({
    onSuccess: () => toast({ title }),
    onError: (error: Error) => toast({ variant: 'destructive', title: 'Failed', description: error.message }),
  });
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">{m.name}</span>
        <Badge tone={STATUS_TONE[m.status]}>{STATUS_LABEL[m.status]}</Badge>
        <span className="text-sm text-slate-600">{TEAM_ROLE_LABELS[m.role]}</span>
      </div>
      <p className="break-all text-sm text-slate-600">
        {m.email}
        {m.status === 'invited' && m.invitationExpiresAt
          ? ` · invitation open until ${formatDateTime(m.invitationExpiresAt)}`
          : ''}
        {m.status === 'invited' && !m.invitationExpiresAt ? ' · invitation expired' : ''}
        {m.status === 'active'
          ? ` · ${m.passkeys} passkey${m.passkeys === 1 ? '' : 's'}${m.hasPassword ? ', password' : ''}`
          : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        {m.status === 'invited' ? (
          <>
            <Button
              size="sm"
              variant="outline"
              disabled={resend.isPending}
              onClick={() =>
                resend.mutateAsync(m.id).then((invited) => {
                  setHandOver(invited.invitationLink);
                  if (!invited.invitationLink) toast({ title: 'Invitation sent again' });
                }, report('').onError)
              }
            >
              Resend invitation
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={revoke.isPending}
              onClick={() => settle(revoke.mutateAsync(m.id), report('Invitation revoked'))}
            >
              Revoke invitation
            </Button>
          </>
        ) : null}
        {m.status === 'active' ? (
          <Button
            size="sm"
            variant="destructive"
            disabled={disable.isPending}
            onClick={() => settle(disable.mutateAsync(m.id), report(`${m.name} was disabled`))}
          >
            Disable {m.name}
          </Button>
        ) : null}
      </div>
      {handOver ? <InvitationLinkNotice name={m.name} link={handOver} /> : null}
    </li>
  );
}
