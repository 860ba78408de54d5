import { GUIDED_SHOTS, type GuidedShotKind, MAX_PHOTOS } from '@contracts/condition-report';
import { labelOf, REQUIRED_SHOTS_TEXT, skipReasonText } from '@contracts/required-shots';
import { Camera, Check, ImagePlus, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { FilePickButton } from '@/components/media/file-pick-button';
import { PhotoTile } from '@/components/media/photo-tile';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { fileTotals } from '@/lib/uploads/file-state';
import { photosLeft, totalsLabel } from '@/lib/uploads/photo-queue';
import { useOnline } from '@/lib/uploads/use-online';
import type { PhotoUploads } from '@/lib/uploads/use-photo-uploads';
import { StepActions, StepHeader } from '../step-layout';
import { SYNC_TEXT } from '../sync/sync-texts';
import type { UpdateWizard, WizardState } from '../wizard-state';
import { GuidedShot } from './guided-shot';
import { photoKindLabel } from './photo-labels';
import { nextGuidedShot, shotsStillRequired, takenShots, withSkip } from './shot-list';
import { useRequiredShots } from './use-required-shots';

/**
 * Step 4: the guided shot list one by one, then free extras, up to 60. Photos upload in the
 * background (see use-photo-uploads.ts), so the staff member keeps shooting and may move on.
 */
export function PhotosStep({
  state,
  update,
  uploads,
  interrupted,
}: {
  state: WizardState;
  update: UpdateWizard;
  uploads: PhotoUploads;
  /** Photos that were still uploading when the page was reloaded. */
  interrupted: readonly string[];
}) {
  const { items } = uploads;
  const online = useOnline();
  const [chosenShot, setChosenShot] = useState<GuidedShotKind | null>(null);
  const [limitNote, setLimitNote] = useState<string | null>(null);
  const [showInterrupted, setShowInterrupted] = useState(interrupted.length > 0);
  // Continue was pressed with required shots left: the list below it stays up to date until done.
  const [heldAtContinue, setHeldAtContinue] = useState(false);
  const required = useRequiredShots(state.requiredShots, update);
  const stillRequired = shotsStillRequired(items, required, state.shotSkips);
  const taken = takenShots(items);
  const shot = chosenShot && !taken.has(chosenShot) ? chosenShot : nextGuidedShot(items, state.skippedShots);
  const totals = fileTotals(items);
  const left = photosLeft(items);
  const full = left === 0;

  const addFiles = (files: File[], kind: Parameters<PhotoUploads['add']>[1]) => {
    const accepted = uploads.add(files, kind);
    setLimitNote(
      accepted.length < files.length
        ? `Only ${accepted.length} of the ${files.length} photos were added: a vehicle has at most ${MAX_PHOTOS}.`
        : null,
    );
  };

  const onShot = (files: File[]) => {
    if (!shot) return;
    // The first file is the shot; more picked from the gallery at once become extras.
    addFiles(files, (index) => (index === 0 ? shot : 'extra'));
    setChosenShot(null);
  };

  const skip = (reason: Parameters<typeof withSkip>[2]) => {
    if (!shot) return;
    update(withSkip(state, shot, reason));
    setChosenShot(null);
    // The next shot's name, for a keyboard or a screen reader (the skipped one's controls are gone).
    requestAnimationFrame(() => document.getElementById('guided-shot-title')?.focus());
  };

  // A required shot neither taken nor skipped with a reason holds the step (issue #34): say which
  // and open the first of them.
  const next = () => {
    if (stillRequired.length > 0) {
      setHeldAtContinue(true);
      setChosenShot(stillRequired[0] ?? null);
      document.getElementById('guided-shot-title')?.scrollIntoView({ block: 'center' });
      return;
    }
    update({ step: 'condition' });
  };

  const guidedDone = GUIDED_SHOTS.filter((s) => taken.has(s.kind)).length;
  return (
    <div className="grid gap-5">
      <StepHeader
        title="Photos"
        description={`Follow the shot list, then add extras. Photos upload in the background while you keep shooting; up to ${MAX_PHOTOS}.`}
      />

      {showInterrupted ? (
        <div
          role="status"
          className="flex gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <RotateCcw aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <div className="grid gap-2">
            <p>
              {interrupted.length} photo{interrupted.length === 1 ? ' was' : 's were'} still uploading when
              the page was reloaded and must be taken again: {interrupted.join(', ')}.
            </p>
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => setShowInterrupted(false)}
            >
              Dismiss
            </Button>
          </div>
        </div>
      ) : null}

      <GuidedShot
        key={shot ?? 'done'}
        shot={shot}
        required={shot !== null && required.includes(shot)}
        done={guidedDone}
        disabled={full}
        onFiles={onShot}
        onSkip={skip}
      />

      <nav aria-label="Shot list" className="min-w-0">
        <ol className="flex gap-2 overflow-x-auto pb-1">
          {GUIDED_SHOTS.map((s, index) => {
            const isTaken = taken.has(s.kind);
            const skipped = state.skippedShots.includes(s.kind);
            const isRequired = required.includes(s.kind);
            const reason = state.shotSkips.find((skip) => skip.kind === s.kind);
            const current = s.kind === shot;
            return (
              <li key={s.kind} className="shrink-0">
                <button
                  type="button"
                  disabled={isTaken}
                  aria-current={current ? 'step' : undefined}
                  onClick={() => setChosenShot(s.kind)}
                  className={cn(
                    'relative flex h-11 items-center gap-1 rounded-full border px-3 text-xs font-medium',
                    current && 'border-slate-900 bg-slate-900 text-white',
                    !current && isTaken && 'border-emerald-200 bg-emerald-50 text-emerald-800',
                    !current && !isTaken && skipped && 'border-dashed border-slate-300 text-slate-500',
                    !current && !isTaken && !skipped && 'border-slate-300 bg-white text-slate-800',
                  )}
                >
                  {isTaken ? <Check aria-hidden="true" className="h-3 w-3" /> : `${index + 1}.`} {s.label}
                  {isRequired ? (
                    <span
                      className={cn(
                        'ml-1 rounded-full px-1.5 py-0.5 text-[10px] font-semibold uppercase tracking-wide',
                        current ? 'bg-white/20 text-white' : 'bg-amber-100 text-amber-900',
                      )}
                    >
                      {REQUIRED_SHOTS_TEXT.required}
                    </span>
                  ) : null}
                  <span className="sr-only">
                    {isTaken
                      ? ' (taken)'
                      : reason
                        ? ` (skipped: ${skipReasonText({ reason: reason.reason, note: reason.note })})`
                        : skipped
                          ? ' (skipped)'
                          : ''}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>

      <section aria-labelledby="extras-title" className="grid gap-3">
        <h3 id="extras-title" className="text-base font-semibold text-slate-900">
          Extra photos
        </h3>
        <div className="grid grid-cols-2 gap-3">
          <FilePickButton
            icon={Camera}
            label="Shoot an extra"
            capture
            disabled={full}
            onFiles={(files) => addFiles(files, 'extra')}
          />
          <FilePickButton
            icon={ImagePlus}
            label="Add extras"
            multiple
            disabled={full}
            onFiles={(files) => addFiles(files, 'extra')}
          />
        </div>
        <p className="text-sm text-slate-600">
          {full
            ? `The limit of ${MAX_PHOTOS} photos is reached.`
            : `${left} more photo${left === 1 ? '' : 's'} can be added.`}
        </p>
        <FieldError message={limitNote} />
      </section>

      <section aria-labelledby="queue-title" className="grid gap-3">
        <div className="flex items-baseline justify-between gap-3">
          <h3 id="queue-title" className="text-base font-semibold text-slate-900">
            Uploads
          </h3>
          <p className="text-sm tabular-nums text-slate-700" aria-live="polite">
            {items.length ? totalsLabel(totals) : null}
          </p>
        </div>
        {items.length ? (
          <>
            <div
              role="progressbar"
              aria-label="All photos"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={totals.percent}
              aria-valuetext={`${totals.percent}% · ${totalsLabel(totals)}`}
              className="h-2.5 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
                style={{ width: `${totals.percent}%` }}
              />
            </div>
            <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
              {items.map((photo, index) => (
                <PhotoTile
                  key={photo.key}
                  photo={photo}
                  label={`${photoKindLabel(photo.kind)} (photo ${index + 1})`}
                  caption={photoKindLabel(photo.kind)}
                  onRetry={() => uploads.retry(photo.key)}
                  onRemove={() => uploads.remove(photo.key)}
                />
              ))}
            </ul>
          </>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
            No photos yet. Start with the first shot above.
          </p>
        )}
      </section>

      {totals.pending > 0 ? (
        <p className="text-sm text-slate-600">
          {online ? 'You can continue: the uploads keep going on the next step.' : SYNC_TEXT.photosKept}
        </p>
      ) : null}
      <FieldError
        message={
          heldAtContinue && stillRequired.length > 0
            ? REQUIRED_SHOTS_TEXT.missing(stillRequired.map(labelOf))
            : null
        }
      />
      <StepActions onBack={() => update({ step: 'video' })}>
        <Button size="lg" className="w-full sm:w-auto" onClick={next}>
          Continue
        </Button>
      </StepActions>
    </div>
  );
}
