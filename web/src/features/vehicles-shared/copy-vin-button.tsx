import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { VEHICLE_TEXTS } from './vehicle-texts';

async function copyText(text: string) {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

/** The VIN in a monospace face with a copy button (spec §2, toasts of §8). */
export function VinWithCopy({ vin, className }: { vin: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await copyText(vin);
      setCopied(true);
      toast({ title: VEHICLE_TEXTS.vinCopied, description: vin });
    } catch {
      toast({ title: VEHICLE_TEXTS.vinCopyFailed, variant: 'destructive' });
    }
  };

  return (
    <div className={cn('flex min-w-0 items-center gap-1 text-sm text-slate-600', className)}>
      <span className="shrink-0 text-xs font-medium uppercase tracking-wide text-slate-500">VIN</span>
      <span className="truncate font-mono text-slate-800" data-testid="vin">
        {vin}
      </span>
      <button
        type="button"
        onClick={copy}
        aria-label={VEHICLE_TEXTS.copyVin}
        title={VEHICLE_TEXTS.copyVin}
        className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      >
        {copied ? (
          <Check aria-hidden="true" className="h-4 w-4 text-emerald-600" />
        ) : (
          <Copy aria-hidden="true" className="h-4 w-4" />
        )}
      </button>
    </div>
  );
}
