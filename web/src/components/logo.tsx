import { cn } from '@/lib/cn';

/** The brand mark: a car silhouette on an ink tile. Decorative; the brand name carries the meaning. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('h-8 w-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" fill="#0f172a" />
      <path d="M7 20.5 10 14h12l3 6.5v3.5h-2.5a2.5 2.5 0 0 1-5 0h-3a2.5 2.5 0 0 1-5 0H7z" fill="#fbbf24" />
    </svg>
  );
}
