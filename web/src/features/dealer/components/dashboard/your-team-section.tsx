import { PAGE_PATHS } from '@contracts/routes';
import { UserRound, Users } from 'lucide-react';
import { Link } from 'wouter';
import { CodeSessionNotice } from '@/components/team/code-session-notice';
import { buttonClasses } from '@/components/ui/button';
import { DashboardSection } from '@/components/ui/query-states';
import { DASHBOARD_SECTIONS } from '../../dashboard-sections';

/**
 * Dashboard → Team → Your team: the way to the team page for an owner whose session may manage
 * identity, and to each member's own account. A member signed in with dealer name + buy code manages
 * no identity (docs/decisions/0031-session-strength.md): the notice says where to sign in instead.
 */
export function YourTeamSection({
  isOwner,
  identity,
  codeSession,
}: {
  isOwner: boolean;
  identity: boolean;
  codeSession: boolean;
}) {
  const section = DASHBOARD_SECTIONS.yourTeam;
  return (
    <DashboardSection
      {...section}
      intro={
        !identity
          ? undefined
          : isOwner
            ? section.intro
            : 'Your passkeys and password are on your account page.'
      }
    >
      {codeSession ? <CodeSessionNotice className="mt-4" /> : null}
      {identity ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {isOwner ? (
            <Link href={PAGE_PATHS.team} className={buttonClasses('primary')}>
              <Users aria-hidden="true" className="h-4 w-4" />
              Manage your team
            </Link>
          ) : null}
          <Link href={PAGE_PATHS.account} className={buttonClasses('outline')}>
            <UserRound aria-hidden="true" className="h-4 w-4" />
            Your account
          </Link>
        </div>
      ) : null}
    </DashboardSection>
  );
}
