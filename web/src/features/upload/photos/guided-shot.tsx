import { GUIDED_SHOTS, type GuidedShotKind } from '@contracts/condition-report';
import { Camera, CheckCircle2, ImagePlus, SkipForward } from 'lucide-react';
import { FilePickButton } from '@/components/media/file-pick-button';
import { Button } from '@/components/ui/button';

/**
 * The current guided shot: a viewfinder-like frame with what to frame, then shoot, pick from the
 * gallery or skip. When every shot is taken or skipped it says so.
 */
export function GuidedShot({
  shot,
  done,
  disabled,
  onFiles,
  onSkip,
}: {
  shot: GuidedShotKind | null;
  done: number;
  disabled: boolean;
  onFiles: (files: File[]) => void;
  onSkip: () => void;
}) {
  if (shot === null) {
    return (
      <div
        className="flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4"
        role="status"
      >
        <CheckCircle2 aria-hidden="true" className="h-6 w-6 shrink-0 text-emerald-700" />
        <p className="text-sm text-emerald-900">
          Guided set done: {done} of {GUIDED_SHOTS.length} shots taken. Add extras below if anything else
          should be seen.
        </p>
      </div>
    );
  }
  const index = GUIDED_SHOTS.findIndex((s) => s.kind === shot);
  const { label, hint } = GUIDED_SHOTS[index] ?? GUIDED_SHOTS[0];
  return (
    <section aria-labelledby="guided-shot-title" className="grid gap-3">
      <div className="relative flex aspect-[4/3] flex-col items-center justify-center gap-2 overflow-hidden rounded-2xl bg-slate-900 p-6 text-center text-white">
        {/* Corner marks of a viewfinder: where the car goes. */}
        <span
          aria-hidden="true"
          className="absolute left-4 top-4 h-8 w-8 border-l-4 border-t-4 border-white/70"
        />
        <span
          aria-hidden="true"
          className="absolute right-4 top-4 h-8 w-8 border-r-4 border-t-4 border-white/70"
        />
        <span
          aria-hidden="true"
          className="absolute bottom-4 left-4 h-8 w-8 border-b-4 border-l-4 border-white/70"
        />
        <span
          aria-hidden="true"
          className="absolute bottom-4 right-4 h-8 w-8 border-b-4 border-r-4 border-white/70"
        />
        <p className="text-xs font-semibold uppercase tracking-wide text-white/70">
          Shot {index + 1} of {GUIDED_SHOTS.length}
        </p>
        <h3 id="guided-shot-title" className="text-xl font-semibold">
          {label}
        </h3>
        <p className="max-w-xs text-sm text-white/85">{hint}</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FilePickButton
          icon={Camera}
          label="Take photo"
          capture
          primary
          disabled={disabled}
          onFiles={onFiles}
        />
        <FilePickButton icon={ImagePlus} label="From gallery" disabled={disabled} onFiles={onFiles} />
      </div>
      <Button variant="ghost" onClick={onSkip} className="justify-self-center">
        <SkipForward aria-hidden="true" className="h-4 w-4" />
        Skip this shot
      </Button>
    </section>
  );
}
