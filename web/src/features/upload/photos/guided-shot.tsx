import { GUIDED_SHOTS, type GuidedShotKind } from '@contracts/condition-report';
import { REQUIRED_SHOTS_TEXT } from '@contracts/required-shots';
import { Camera, CheckCircle2, ImagePlus, SkipForward } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FilePickButton } from '@/components/media/file-pick-button';
import { Button } from '@/components/ui/button';
import type { ShotSkip } from '../wizard-state';
import { SkipReasonForm } from './skip-reason-form';

/**
 * The current guided shot: a viewfinder-like frame with what to frame, then shoot, pick from the
 * gallery or skip. Skipping a required shot asks why first (issue #34); an optional one is skipped
 * at once. When every shot is taken or skipped it says so. Keyed by shot, so a half-answered
 * reason never carries over to the next shot.
 */
export function GuidedShot({
  shot,
  required,
  done,
  disabled,
  onFiles,
  onSkip,
}: {
  shot: GuidedShotKind | null;
  /** The shot must be taken, or skipped with a reason. */
  required: boolean;
  done: number;
  disabled: boolean;
  onFiles: (files: File[]) => void;
  /** The reason is null for an optional shot. */
  onSkip: (reason: Omit<ShotSkip, 'kind'> | null) => void;
}) {
  const [askingWhy, setAskingWhy] = useState(false);
  // Cancel puts the focus back on the Skip button it came from.
  const skipButton = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  useEffect(() => {
    if (!askingWhy && cancelled.current) skipButton.current?.focus();
    cancelled.current = false;
  }, [askingWhy]);
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
        {required ? (
          <p className="rounded-full bg-amber-300 px-2.5 py-0.5 text-xs font-semibold text-slate-950">
            {REQUIRED_SHOTS_TEXT.required}
          </p>
        ) : null}
        {/* Focused after a skip, so a screen reader hears the next shot. */}
        <h3 id="guided-shot-title" tabIndex={-1} className="text-xl font-semibold focus:outline-none">
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
      {askingWhy ? (
        <SkipReasonForm
          shotLabel={label}
          onCancel={() => {
            cancelled.current = true;
            setAskingWhy(false);
          }}
          onConfirm={(reason) => {
            setAskingWhy(false);
            onSkip(reason);
          }}
        />
      ) : (
        <Button
          ref={skipButton}
          variant="ghost"
          size="lg"
          onClick={() => (required ? setAskingWhy(true) : onSkip(null))}
          className="justify-self-center"
        >
          <SkipForward aria-hidden="true" className="h-4 w-4" />
          {required ? 'Skip with a reason' : 'Skip this shot'}
        </Button>
      )}
    </section>
  );
}
