import { CopyButton } from '@/components/copy-button';

/** Copies a buy code to the clipboard. */
export function CopyCodeButton({ code }: { code: string }) {
  return (
    <CopyButton
      text={code}
      label={`Copy buy code ${code}`}
      title="Copy buy code"
      copied={{ title: 'Buy code copied', description: code }}
      failed={{ title: 'Failed to copy buy code', description: code }}
      className="h-9 w-9 text-slate-600"
    />
  );
}
