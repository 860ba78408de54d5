import { useRef } from 'react';
import { CopyButton } from '@/components/copy-button';
import { cn } from '@/lib/cn';
import { VEHICLE_TEXTS } from './vehicle-texts';

/**
 * The VIN in a monospace face with a copy button (docs/product.md §2, toasts of §8). When the browser refuses
 * the clipboard (no permission, or a tap replayed too long after it was made, ADR 0020), the VIN
 * is selected instead, so the system's own Copy takes it.
 */
export function VinWithCopy({ vin, className }: { vin: string; className?: string }) {
  const vinRef = useRef<HTMLSpanElement>(null);
  const selectVin = () => {
    const selection = window.getSelection();
    if (vinRef.current && selection) selection.selectAllChildren(vinRef.current);
  };
  return (
    <div className={cn('flex min-w-0 items-center gap-1 text-sm text-slate-600', className)}>
      <span className="shrink-0 text-xs font-medium uppercase tracking-wide text-slate-500">VIN</span>
      <span ref={vinRef} className="truncate select-all font-mono text-slate-800" data-testid="vin">
        {vin}
      </span>
      <CopyButton
        text={vin}
        label={VEHICLE_TEXTS.copyVin}
        copied={{ title: VEHICLE_TEXTS.vinCopied, description: vin }}
        failed={{ title: VEHICLE_TEXTS.vinCopyFailed }}
        onFailure={selectVin}
        className="h-8 w-8 text-slate-500"
      />
    </div>
  );
}
