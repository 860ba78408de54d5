import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type ToastOptions, toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';

/** Writes text to the clipboard; throws when the browser has no clipboard or refuses. */
export async function copyToClipboard(text: string) {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

/**
 * An icon button that copies `text`, shows a check for 2 s and says so in a toast (or says it
 * failed, destructive). The VIN and the buy codes use it.
 */
export function CopyButton({
  text,
  label,
  title,
  copied: copiedToast,
  failed: failedToast,
  onFailure,
  className,
}: {
  text: string;
  /** The accessible name, e.g. 'Copy VIN'. */
  label: string;
  /** The tooltip; defaults to the label. */
  title?: string;
  copied: Pick<ToastOptions, 'title' | 'description'>;
  failed: Pick<ToastOptions, 'title' | 'description'>;
  /** Called when the browser refuses to copy (e.g. to select the text for the user to copy). */
  onFailure?: () => void;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await copyToClipboard(text);
      setCopied(true);
      toast(copiedToast);
    } catch {
      onFailure?.();
      toast({ variant: 'destructive', ...failedToast });
    }
  };

  return (
    <button
      type="button"
      onClick={copy}
      aria-label={label}
      title={title ?? label}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-md hover:bg-slate-100 hover:text-slate-900',
        className,
      )}
    >
      {copied ? (
        <Check aria-hidden="true" className="h-4 w-4 text-emerald-600" />
      ) : (
        <Copy aria-hidden="true" className="h-4 w-4" />
      )}
    </button>
  );
}
