import type { LucideIcon } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { cn } from '@/lib/cn';

/**
 * A file input dressed as a big button: with `capture` a phone opens the rear camera at once,
 * without it the gallery (or a desktop's file chooser) opens.
 */
export function PhotoPickButton({
  icon: Icon,
  label,
  capture,
  multiple,
  primary,
  disabled,
  onFiles,
}: {
  icon: LucideIcon;
  label: string;
  capture?: boolean;
  multiple?: boolean;
  primary?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length) onFiles(files);
  };
  return (
    <label
      className={cn(
        'flex h-12 cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-xl px-3 text-sm font-semibold sm:text-base transition-colors focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-offset-2',
        primary
          ? 'bg-brand-600 text-white hover:bg-brand-700'
          : 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
        disabled && 'pointer-events-none opacity-60',
      )}
    >
      <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
      {label}
      <input
        type="file"
        accept="image/*,.heic,.heif"
        {...(capture ? { capture: 'environment' as const } : {})}
        multiple={multiple}
        disabled={disabled}
        className="sr-only"
        onChange={onChange}
      />
    </label>
  );
}
