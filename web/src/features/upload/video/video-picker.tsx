import { Camera, FolderOpen } from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { FilePickButton } from '@/components/media/file-pick-button';
import { cn } from '@/lib/cn';

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
        {/* Phones open the rear camera straight away; desktops show the file chooser. */}
        <FilePickButton
          icon={Camera}
          label="Record video"
          accept="video/*"
          capture
          primary
          size="lg"
          describedBy={hintId}
          onFiles={onFiles}
        />
        <FilePickButton
          icon={FolderOpen}
          label="Choose a video"
          accept="video/*"
          size="lg"
          describedBy={hintId}
          onFiles={onFiles}
        />
      </div>
      <p id={hintId} className="text-center text-sm text-slate-600">
        MP4, MOV, WebM, M4V or 3GP, under 200 MB
        <span className="hidden sm:inline"> · or drop it here</span>
      </p>
    </section>
  );
}
