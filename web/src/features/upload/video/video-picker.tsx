import { Camera, FolderOpen, type LucideIcon } from 'lucide-react';
import { type ChangeEvent, type DragEvent, useState } from 'react';
import { cn } from '@/lib/cn';

function PickButton({
  icon: Icon,
  label,
  capture,
  primary,
  describedBy,
  onFiles,
}: {
  icon: LucideIcon;
  label: string;
  capture?: boolean;
  primary?: boolean;
  describedBy: string;
  onFiles: (files: File[]) => void;
}) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Picking the same file again (e.g. to resume after a reload) must fire a change again.
    event.target.value = '';
    if (files.length) onFiles(files);
  };
  return (
    <label
      className={cn(
        'flex h-14 cursor-pointer items-center justify-center gap-2 rounded-xl px-4 text-base font-semibold transition-colors focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-offset-2',
        primary
          ? 'bg-brand-600 text-white hover:bg-brand-700'
          : 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
      )}
    >
      <Icon aria-hidden="true" className="h-5 w-5" />
      {label}
      <input
        type="file"
        accept="video/*"
        // Phones open the rear camera straight away; desktops show the file chooser.
        {...(capture ? { capture: 'environment' as const } : {})}
        aria-describedby={describedBy}
        className="sr-only"
        onChange={onChange}
      />
    </label>
  );
}

/** Record with the camera or choose a file (or drop one on a desktop). */
export function VideoPicker({
  onFiles,
  hintId,
  invalid,
}: {
  onFiles: (files: File[]) => void;
  hintId: string;
  invalid: boolean;
}) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onFiles(Array.from(event.dataTransfer.files));
  };
  return (
    // The drop target for desktops; the two pickers inside are the accessible way in.
    <section
      aria-label="Walkaround video file"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'grid gap-3 rounded-2xl border-2 border-dashed p-4 transition-colors sm:p-6',
        dragging
          ? 'border-brand-600 bg-brand-50'
          : invalid
            ? 'border-red-300 bg-red-50/40'
            : 'border-slate-300 bg-slate-50',
      )}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <PickButton
          icon={Camera}
          label="Record video"
          capture
          primary
          describedBy={hintId}
          onFiles={onFiles}
        />
        <PickButton icon={FolderOpen} label="Choose a video" describedBy={hintId} onFiles={onFiles} />
      </div>
      <p id={hintId} className="text-center text-sm text-slate-600">
        MP4, MOV, WebM, M4V or 3GP, under 200 MB
        <span className="hidden sm:inline"> · or drop it here</span>
      </p>
    </section>
  );
}
