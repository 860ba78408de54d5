import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { type GuideTone, priceToGuideText } from './guide-texts';

const TONE_CLASSES: Record<GuideTone, string> = {
  below: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
  above: 'bg-amber-50 text-amber-900 ring-amber-600/25',
  at: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

/** A price against the guide as a small pill: "4% below guide" (green), "3% above guide" (amber). */
export function PriceToGuidePill({ percent, size = 'sm' }: { percent: number; size?: 'sm' | 'md' }) {
  const { text, tone } = priceToGuideText(percent);
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center whitespace-nowrap rounded-full font-semibold ring-1 ring-inset',
        size === 'sm' ? 'px-2 py-0.5 text-xs' : 'px-2.5 py-0.5 text-sm',
        TONE_CLASSES[tone],
      )}
      data-testid="price-to-guide"
    >
      {text}
    </span>
  );
}

/**
 * Something shown one way and read another: the short visible words are hidden from screen
 * readers, which read the whole sentence instead ("Market guide $12,400, range … 7 sales").
 */
export function SpokenAs({
  spoken,
  className,
  children,
}: {
  spoken: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <span aria-hidden="true" className={cn('flex min-w-0 items-center gap-x-2', className)}>
        {children}
      </span>
      <span className="sr-only">{spoken}</span>
    </>
  );
}
