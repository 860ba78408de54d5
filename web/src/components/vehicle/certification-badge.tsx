import { BadgeCheck, ShieldCheck } from 'lucide-react';
import { premiumLabel } from '@/lib/brand';
import { cn } from '@/lib/cn';

/** The condition label: the premium certification stands out, 'Auction Certified' is neutral. */
export function CertificationBadge({
  condition,
  className,
}: {
  condition: string | null;
  className?: string;
}) {
  if (!condition) return null;
  const isPremium = condition === premiumLabel;
  const Icon = isPremium ? BadgeCheck : ShieldCheck;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold',
        isPremium
          ? 'bg-amber-100 text-amber-900 ring-1 ring-amber-300'
          : 'bg-slate-100 text-slate-700 ring-1 ring-slate-200',
        className,
      )}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      {condition}
    </span>
  );
}
