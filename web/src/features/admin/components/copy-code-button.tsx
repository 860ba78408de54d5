import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/use-toast';

/** Copies a buy code to the clipboard. */
export function CopyCodeButton({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast({ title: 'Buy code copied', description: code });
    } catch {
      toast({ variant: 'destructive', title: 'Failed to copy buy code', description: code });
    }
  };
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={`Copy buy code ${code}`}
      title="Copy buy code"
      className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      {copied ? (
        <Check aria-hidden="true" className="h-4 w-4 text-emerald-600" />
      ) : (
        <Copy aria-hidden="true" className="h-4 w-4" />
      )}
    </button>
  );
}
