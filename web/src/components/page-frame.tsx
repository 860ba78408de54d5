import type { ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';

const WIDTHS = {
  /** The dashboards and lists: the admin's, the dealer's, the inventory. */
  wide: 'max-w-7xl',
  /** A signed-in member's own pages (Team, Account). */
  medium: 'max-w-3xl',
  /** The staff's phone pages (the upload wizard, Recon, My uploads). */
  narrow: 'max-w-xl',
} as const;

/**
 * The frame of a page inside the site's (app/layout/site-layout.tsx: header, main, footer): the
 * page's column with its one <h1>, and beside it the page's actions. `card` makes it the centred
 * card of a sign-in-like page (sign in, forgot and reset password, accept an invitation); `centred`
 * a page that is one message (not found, no longer available, failed to load). One frame
 * for every page, so their headings and widths read alike (docs/conventions.md).
 */
export function PageFrame({
  width = 'wide',
  card = false,
  centred = false,
  title,
  titleRef,
  eyebrow,
  above,
  subtitle,
  actions,
  actionsBeside = false,
  notices,
  className,
  children,
}: {
  width?: keyof typeof WIDTHS;
  /** A narrow centred card (a sign-in form); `width` does not apply. */
  card?: boolean;
  /** One message, centred (its icon as `above`, what to do as children); `width` does not apply. */
  centred?: boolean;
  title: ReactNode;
  /** The title takes focus when the page's view changes (a work order opened or closed). */
  titleRef?: Ref<HTMLHeadingElement>;
  /** A short line above the title ("Dealer Dashboard", the dealership's name). */
  eyebrow?: ReactNode;
  /** Above it all (a link back). */
  above?: ReactNode;
  /** A line under the title (who is signed in, what the page is for). */
  subtitle?: ReactNode;
  /** Beside the title (links, Sign out); they go under it when the row is too narrow. */
  actions?: ReactNode;
  /** Keep the actions beside the title however narrow (they wrap among themselves). */
  actionsBeside?: boolean;
  /** Before the heading (the staff app's update notice and pending-sync bar). */
  notices?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <h1
      ref={titleRef}
      tabIndex={titleRef ? -1 : undefined}
      className={cn(
        'font-bold tracking-tight text-slate-900 focus:outline-none',
        card ? 'text-2xl' : 'text-2xl sm:text-3xl',
      )}
    >
      {title}
    </h1>
  );
  if (centred)
    return (
      <div
        className={cn(
          'mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:px-6',
          className,
        )}
      >
        {above ? <div className="mb-6">{above}</div> : null}
        {heading}
        {subtitle ? <p className="mt-2 text-slate-600">{subtitle}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    );
  if (card)
    return (
      <div className={cn('mx-auto w-full max-w-md px-4 py-12 sm:py-20', className)}>
        {notices}
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {above}
          {heading}
          {subtitle ? <p className="mt-2 text-sm text-slate-600">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    );
  return (
    <div className={cn('mx-auto w-full px-4 py-8 sm:px-6 sm:py-10', WIDTHS[width], className)}>
      {notices}
      {above}
      <div
        className={cn(
          'flex justify-between',
          actionsBeside ? 'items-start gap-4' : 'flex-wrap items-center gap-3',
        )}
      >
        <div className="min-w-0">
          {eyebrow ? <p className="text-sm font-medium text-brand-700">{eyebrow}</p> : null}
          {heading}
          {subtitle ? <p className="mt-1 break-words text-slate-600">{subtitle}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
