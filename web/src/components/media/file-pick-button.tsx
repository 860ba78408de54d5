import type { LucideIcon } from 'lucide-react';
import type { ChangeEvent, Ref } from 'react';
import { cn } from '@/lib/cn';

/** What a photo picker accepts: any image, and HEIC/HEIF by extension (some pickers give no type). */
export const PHOTO_ACCEPT = 'image/*,.heic,.heif';

const SIZES = {
  md: 'h-12 gap-1.5 whitespace-nowrap px-3 text-sm sm:text-base',
  lg: 'h-14 gap-2 px-4 text-base',
} as const;

/**
 * A file input dressed as a big button: with `capture` a phone opens the rear camera at once,
 * without it the gallery (or a desktop's file chooser) opens, on phones with the camera offered too.
 * Photos unless `accept` says otherwise.
 */
export function FilePickButton({
  icon: Icon,
  label,
  accept = PHOTO_ACCEPT,
  capture,
  multiple,
  primary,
  disabled,
  describedBy,
  inputRef,
  size = 'md',
  onFiles,
}: {
  icon: LucideIcon;
  label: string;
  accept?: string;
  capture?: boolean;
  multiple?: boolean;
  primary?: boolean;
  disabled?: boolean;
  describedBy?: string;
  /** The input itself, e.g. to give it the focus back after a removal. */
  inputRef?: Ref<HTMLInputElement>;
  size?: keyof typeof SIZES;
  onFiles: (files: File[]) => void;
}) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Picking the same file again (e.g. after removing it) must fire a change again.
    event.target.value = '';
    if (files.length) onFiles(files);
  };
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center justify-center rounded-xl font-semibold transition-colors focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-offset-2',
        SIZES[size],
        primary
          ? 'bg-brand-600 text-white hover:bg-brand-700'
          : 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
        disabled && 'pointer-events-none opacity-60',
      )}
    >
      <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
      {label}
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        {...(capture ? { capture: 'environment' as const } : {})}
        multiple={multiple}
        disabled={disabled}
        aria-describedby={describedBy}
        className="sr-only"
        onChange={onChange}
      />
    </label>
  );
}
