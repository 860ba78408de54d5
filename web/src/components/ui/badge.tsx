import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type BadgeTone = 'green' | 'yellow' | 'red' | 'blue' | 'gray';

const TONES: Record<BadgeTone, string> = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  yellow: 'bg-amber-100 text-amber-900 ring-amber-600/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  gray: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

export function Badge({
  tone = 'gray',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** Offer statuses share colours across the dealer portal and the admin panel. */
export const OFFER_STATUS_TONE: Record<string, BadgeTone> = {
  pending: 'yellow',
  countered: 'blue',
  accepted: 'green',
  declined: 'red',
  expired: 'gray',
};

/** Buy order states share colours across the dealer dashboard and the admin's demand board. */
export const BUY_ORDER_STATUS_TONE: Record<
  'open' | 'paused' | 'filled' | 'expired' | 'cancelled',
  BadgeTone
> = {
  open: 'green',
  paused: 'yellow',
  filled: 'blue',
  expired: 'gray',
  cancelled: 'gray',
};

/** Outbox delivery states share colours across the notification log and a buy order's history. */
export const NOTIFICATION_STATUS_TONE: Record<
  'queued' | 'sending' | 'sent' | 'failed' | 'dead' | 'suppressed',
  BadgeTone
> = {
  queued: 'blue',
  sending: 'blue',
  sent: 'green',
  failed: 'yellow',
  dead: 'red',
  suppressed: 'gray',
};
