import type { ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';
import { PasswordStep } from './password-step';
import { StaffAppUpdate } from './staff-app-update';
import { PendingSyncBar } from './sync/pending-sync-bar';

/**
 * The frame of each staff page (the upload wizard, Recon, My uploads): the app's update notice and
 * the pending-sync bar, then the page's title with its links beside it (`linksWrap`: below it when
 * the row is too narrow), then the page.
 */
export function StaffPage({
  title,
  titleRef,
  links,
  linksWrap = true,
  children,
}: {
  title: ReactNode;
  /** The title takes focus when the page's view changes (a work order opened or closed). */
  titleRef?: Ref<HTMLHeadingElement>;
  links: ReactNode;
  linksWrap?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <StaffAppUpdate />
      <PendingSyncBar />
      <div
        className={cn(
          'flex justify-between',
          linksWrap ? 'flex-wrap items-center gap-3' : 'items-start gap-4',
        )}
      >
        <h1
          ref={titleRef}
          tabIndex={titleRef ? -1 : undefined}
          className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl"
        >
          {title}
        </h1>
        {links}
      </div>
      {children}
    </div>
  );
}

/** A staff page's sign-in with the upload password, in place of the page (Recon, My uploads). */
export function StaffSignIn() {
  return (
    <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <PasswordStep onVerified={() => undefined} />
    </section>
  );
}
