import type { DealerInfo } from '@contracts/auth';
import { PAGE_PATHS } from '@contracts/routes';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageFrame } from '@/components/page-frame';
import { RequireSession } from '@/components/require-session';
import { CodeSessionNotice } from '@/components/team/code-session-notice';
import { useDealerMe } from '@/lib/auth/dealer-session';
import { isCodeSession } from '@/lib/auth/session-proof';

type SignedInMember = DealerInfo & { member: NonNullable<DealerInfo['member']> };

/**
 * A page for a signed-in team member only (the server refuses anyone else on its routes anyway).
 * A member signed in with dealer name + buy code manages no identity (docs/decisions/0031-session-strength.md):
 * the page says so, with where to sign in, instead of its actions (nothing here is asked of the server).
 */
export function MemberPage({
  title,
  children,
}: {
  title: string;
  children: (me: SignedInMember) => ReactNode;
}) {
  const me = useDealerMe();
  const member = me.data?.member ? (me.data as SignedInMember) : null;
  return (
    <RequireSession isLoading={me.isPending} isSignedIn={!!member} signInPath={PAGE_PATHS.teamSignIn}>
      {member ? (
        <PageFrame
          width="medium"
          above={
            <Link
              href={PAGE_PATHS.dealerDashboard}
              className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2"
            >
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              Dashboard
            </Link>
          }
          eyebrow={member.dealerName}
          title={title}
        >
          <div className="mt-6 grid gap-6">
            {isCodeSession(member) ? <CodeSessionNotice /> : children(member)}
          </div>
        </PageFrame>
      ) : null}
    </RequireSession>
  );
}

export function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
