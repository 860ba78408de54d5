import { PAGE_PATHS } from '@contracts/routes';
import { ArrowLeft, CircleAlert, SearchX, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageFrame } from '@/components/page-frame';
import { buttonClasses } from '@/components/ui/button';
import { type FailedRead, RetryButton } from '@/components/ui/retry-button';
import { DETAIL_TEXTS } from '../vehicle-detail-texts';

function Outcome({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <PageFrame
      centred
      above={
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          {icon}
        </span>
      }
      title={title}
      subtitle={text}
    >
      {children}
    </PageFrame>
  );
}

/** Unknown or malformed id (docs/product.md §2: with a link back to listings at /). */
export function VehicleNotFound() {
  return (
    <Outcome
      icon={<SearchX aria-hidden="true" className="h-7 w-7" />}
      title={DETAIL_TEXTS.notFound}
      text={DETAIL_TEXTS.notFoundText}
    >
      <Link href={PAGE_PATHS.home} className={buttonClasses('secondary', 'md')}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {DETAIL_TEXTS.backToListings}
      </Link>
    </Outcome>
  );
}

/** Sold or removed. */
export function VehicleNoLongerAvailable() {
  return (
    <Outcome
      icon={<Tag aria-hidden="true" className="h-7 w-7" />}
      title={DETAIL_TEXTS.noLongerAvailable}
      text={DETAIL_TEXTS.noLongerAvailableText}
    >
      <Link href={PAGE_PATHS.inventory} className={buttonClasses('secondary', 'md')}>
        {DETAIL_TEXTS.browseVehicles}
      </Link>
    </Outcome>
  );
}

/** Any other failure (network, 5xx): say so and offer a retry. */
export function VehicleLoadError({ read }: { read: FailedRead }) {
  return (
    <div role="alert">
      <Outcome
        icon={<CircleAlert aria-hidden="true" className="h-7 w-7 text-red-600" />}
        title={DETAIL_TEXTS.loadError}
        text={read.error?.message ?? ''}
      >
        <RetryButton read={read}>{DETAIL_TEXTS.retry}</RetryButton>
      </Outcome>
    </div>
  );
}
