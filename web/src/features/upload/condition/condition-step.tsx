import type { Tires } from '@contracts/condition-report';
import { UPLOAD_TEXT } from '@contracts/upload';
import { Camera, Loader2, TriangleAlert } from 'lucide-react';
import { useCallback, useState } from 'react';
import { DamageEditor } from '@/components/condition/damage-editor';
import type { DamageEntry } from '@/components/condition/damage-form';
import { GradePreview } from '@/components/condition/grade-preview';
import { TIRES_INVALID, TiresInputs } from '@/components/condition/tires-inputs';
import { WarningLightsEditor } from '@/components/condition/warning-lights-editor';
import { FilePickButton } from '@/components/media/file-pick-button';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { fileTotals, isRefused } from '@/lib/uploads/file-state';

import { useOnline } from '@/lib/uploads/use-online';
import type { PhotoUploads } from '@/lib/uploads/use-photo-uploads';
import { useCreateVehicle } from '../api/create-vehicle';
import { photoKindLabel } from '../photos/photo-labels';
import { vehiclePhotos } from '../photos/shot-list';
import { StepActions, StepHeader } from '../step-layout';
import { SYNC_TEXT } from '../sync/sync-texts';
import { useOnSessionExpired } from '../use-session-expiry';
import type { ConditionDraft, DraftDamage, UpdateWizard, WizardState } from '../wizard-state';
import { vehicleBody } from './create-body';

/** The draft names a damage photo by its upload's key (it may have no id yet); the editor by a ref. */
const entryOf = ({ photoKey, note, ...item }: DraftDamage): DamageEntry<string> => ({
  ...item,
  photoId: photoKey,
  note: note || null,
});
const draftOf = ({ photoId, note, ...item }: DamageEntry<string>): DraftDamage => ({
  ...item,
  photoKey: photoId,
  note: note ?? '',
});

/**
 * Step 5: damage on the car outline, tire tread and warning lights, with the live grade. Its
 * action creates the vehicle with the video, the photos in order and this report.
 */
export function ConditionStep({
  state,
  update,
  uploads,
}: {
  state: WizardState;
  update: UpdateWizard;
  uploads: PhotoUploads;
}) {
  const createVehicle = useCreateVehicle();
  const online = useOnline();
  // With a signal and the video up, the vehicle is created now (as before); otherwise the car is
  // finished on the phone and sent, files first, when a signal returns (issue #34).
  const sendNow = online && state.video !== null;
  const onSessionExpired = useOnSessionExpired();
  const [error, setError] = useState<string | null>(null);
  const [tiresInvalid, setTiresInvalid] = useState(false);
  const { condition } = state;
  const setCondition = useCallback(
    (change: Partial<ConditionDraft>) => update({ condition: { ...state.condition, ...change } }),
    [update, state.condition],
  );
  const onTires = useCallback(
    (tires: Tires, hasErrors: boolean) => {
      setTiresInvalid(hasErrors);
      if (!hasErrors) setError((shown) => (shown === TIRES_INVALID ? null : shown));
      setCondition({ tires });
    },
    [setCondition],
  );
  const totals = fileTotals(uploads.items);
  const refused = uploads.items.filter(isRefused).length;
  // A failed photo can't be pointed at; one still going up can (it is sent once it has an id).
  const photoOptions = uploads.items.flatMap((photo, index) =>
    photo.status === 'failed'
      ? []
      : [
          {
            ref: photo.key,
            label: `Photo ${index + 1} · ${photoKindLabel(photo.kind)}${photo.status === 'ready' ? '' : ' (uploading)'}`,
          },
        ],
  );

  const create = () => {
    setError(null);
    if (state.vehicleId !== null) {
      update({ step: 'recon' });
      return;
    }
    if (tiresInvalid) {
      setError(TIRES_INVALID);
      return;
    }
    if (!sendNow) {
      if (!state.video && !state.savedVideo) setError(UPLOAD_TEXT.videoRequired);
      // A photo dropped with the signal is kept and sent later; one the server refused is not.
      else if (refused > 0)
        setError(
          `${refused} photo${refused === 1 ? '' : 's'} failed: retry or remove them on the Photos step.`,
        );
      else update({ step: 'recon' });
      return;
    }
    if (totals.pending > 0) {
      setError(`Wait for ${totals.pending} photo${totals.pending === 1 ? '' : 's'} to finish uploading.`);
      return;
    }
    if (totals.failed > 0) {
      setError(
        `${totals.failed} photo${totals.failed === 1 ? '' : 's'} failed: retry or remove them on the Photos step.`,
      );
      return;
    }
    const idOf = (key: string) => uploads.items.find((p) => p.key === key)?.photoId ?? null;
    const body = vehicleBody(state, vehiclePhotos(uploads.items), idOf);
    if (!body) {
      setError(UPLOAD_TEXT.videoRequired);
      return;
    }
    createVehicle.mutate(
      { body, idempotencyKey: state.idempotencyKey },
      {
        onSuccess: (vehicle) => {
          toast({ title: UPLOAD_TEXT.vehicleCreated });
          // What went into the queue (the server decodes what the wizard left blank) is what the
          // summary shows.
          update({
            vehicleId: vehicle.id,
            step: 'recon',
            year: vehicle.year === null ? '' : String(vehicle.year),
            make: vehicle.make ?? '',
            model: vehicle.model ?? '',
            trim: vehicle.trim ?? '',
            mileage: vehicle.mileage === null ? '' : String(vehicle.mileage),
          });
        },
        onError: (e) => {
          setError(e.message);
          toast({ variant: 'destructive', title: UPLOAD_TEXT.uploadFailed, description: e.message });
          onSessionExpired(e);
        },
      },
    );
  };

  const waiting = sendNow && totals.pending > 0;
  return (
    <div className="grid gap-6">
      <StepHeader
        title="Condition"
        description="Record damage panel by panel, tire tread and any warning lights. The grade updates as you go."
      />

      <DamageEditor
        value={condition.damage.map(entryOf)}
        onChange={(damage) => setCondition({ damage: damage.map(draftOf) })}
        photos={photoOptions}
        photoAction={(choose) => (
          <FilePickButton
            icon={Camera}
            label="Shoot a damage photo"
            capture
            onFiles={([file]) => {
              const key = file ? uploads.add([file], 'damage')[0] : undefined;
              if (key) choose(key);
            }}
          />
        )}
      />
      <TiresInputs value={condition.tires} onChange={onTires} />
      <WarningLightsEditor
        value={condition.warningLights}
        onChange={(warningLights) => setCondition({ warningLights })}
      />
      <GradePreview report={condition} />

      {!sendNow && totals.pending > 0 && !online ? (
        <p role="status" className="text-sm text-slate-700">
          {SYNC_TEXT.photosKept}
        </p>
      ) : null}
      {waiting ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
          {totals.pending} photo{totals.pending === 1 ? ' is' : 's are'} still uploading ({totals.percent}%).
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="flex gap-2 text-sm font-medium text-red-700">
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {error}
        </p>
      ) : null}

      <StepActions onBack={() => update({ step: 'photos' })} backDisabled={createVehicle.isPending}>
        <Button
          size="lg"
          className="w-full sm:w-auto"
          onClick={create}
          disabled={createVehicle.isPending || waiting}
        >
          {createVehicle.isPending ? (
            <>
              <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin" />
              Creating vehicle…
            </>
          ) : waiting ? (
            'Waiting for photos…'
          ) : sendNow || state.vehicleId !== null ? (
            'Create vehicle'
          ) : (
            SYNC_TEXT.saveOnPhone
          )}
        </Button>
      </StepActions>
    </div>
  );
}
