import { SESSION_TEXT } from '@contracts/auth';
import { PAGE_PATHS } from '@contracts/routes';
import { Info } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '@/lib/cn';

/**
 * A team member signed in with dealer name + buy code (docs/decisions/0031-session-strength.md):
 * what that session may do, and where to sign in to manage the account or the team. Shown where the
 * account's and the team's actions would be, instead of buttons the server would refuse.
 */
export function CodeSessionNotice({ className }: { className?: string }) {
  return (
    <div
      className={cn(
        'flex gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950',
        className,
      )}
    >
      <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" />
      <div className="grid gap-2">
        <p>{SESSION_TEXT.codeSessionLimits}</p>
        <p>
          <Link
            href={PAGE_PATHS.teamSignIn}
            className="font-semibold text-blue-800 underline underline-offset-2 hover:text-blue-950"
          >
            Sign in with your e-mail
          </Link>
        </p>
      </div>
    </div>
  );
}
