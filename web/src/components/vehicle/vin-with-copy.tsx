import { CopyButton } from '@/components/copy-button';
import { cn } from '@/lib/cn';
import { VEHICLE_TEXTS } from './vehicle-texts';

/** The VIN in a monospace face with a copy button (spec §2, toasts of §8). */
export function VinWithCopy({ vin, className }: { vin: string; className?: string }) {
  return (
    <div className={cn('flex min-w-0 items-center gap-1 text-sm text-slate-600', className)}>
      <span className="shrink-0 text-xs font-medium uppercase tracking-wide text-slate-500">VIN</span>
      <span className="truncate font-mono text-slate-800" data-testid="vin">
        {vin}
      </span>
      <CopyButton
        text={vin}
        label={VEHICLE_TEXTS.copyVin}
        copied={{ title: VEHICLE_TEXTS.vinCopied, description: vin }}
        failed={{ title: VEHICLE_TEXTS.vinCopyFailed }}
        className="h-8 w-8 text-slate-500"
      />
    </div>
  );
}
