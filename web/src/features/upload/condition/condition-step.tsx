import {
  computeGrade,
  DAMAGE_PANELS,
  DAMAGE_SIZES,
  DAMAGE_TYPES,
  type DamagePanel,
  type Tires,
} from '@contracts/condition-report';
import { UPLOAD_TEXT } from '@contracts/upload';
import { Loader2, TriangleAlert, X } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useCreateVehicle } from '../api/create-vehicle';
import { photoKindLabel } from '../photos/photo-labels';
import { queueTotals, vehiclePhotos } from '../photos/photo-queue';
import type { PhotoUploads } from '../photos/use-photo-uploads';
import { StepActions, StepHeader } from '../step-layout';
import { useOnSessionExpired } from '../use-session-expiry';
import type { ConditionDraft, UpdateWizard, WizardState } from '../wizard-state';
import { CarOutline } from './car-outline';
import { vehicleBody } from './create-body';
import { DamageForm } from './damage-form';
import { GradeSummary } from './grade-summary';
import { TiresFields } from './tires-fields';
import { WarningLights } from './warning-lights';

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
  const onSessionExpired = useOnSessionExpired();
  const [panel, setPanel] = useState<DamagePanel | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { condition } = state;
  const setCondition = useCallback(
    (change: Partial<ConditionDraft>) => update({ condition: { ...state.condition, ...change } }),
    [update, state.condition],
  );
  const onTires = useCallback((tires: Tires) => setCondition({ tires }), [setCondition]);
  const grade = computeGrade(condition);
  const totals = queueTotals(uploads.items);
  const counts: Partial<Record<DamagePanel, number>> = {};
  for (const item of condition.damage) counts[item.panel] = (counts[item.panel] ?? 0) + 1;

  const photoLabel = (key: string | null) => {
    if (!key) return null;
    const index = uploads.items.findIndex((p) => p.key === key);
    const photo = uploads.items[index];
    return photo ? `Photo ${index + 1} · ${photoKindLabel(photo.kind)}` : 'Photo not uploaded';
  };

  const create = () => {
    setError(null);
    if (state.vehicleId !== null) {
      update({ step: 'recon' });
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
          update({ vehicleId: vehicle.id, step: 'recon' });
        },
        onError: (e) => {
          setError(e.message);
          toast({ variant: 'destructive', title: UPLOAD_TEXT.uploadFailed, description: e.message });
          onSessionExpired(e);
        },
      },
    );
  };

  const waiting = totals.pending > 0;
  return (
    <div className="grid gap-6">
      <StepHeader
        title="Condition"
        description="Record damage panel by panel, tire tread and any warning lights. The grade updates as you go."
      />

      <section aria-labelledby="damage-title" className="grid gap-4">
        <h3 id="damage-title" className="text-base font-semibold text-slate-900">
          Damage
        </h3>
        <CarOutline selected={panel} counts={counts} onSelect={setPanel} />
        <DamageForm
          panel={panel}
          onPanel={setPanel}
          photos={uploads.items}
          onShootPhoto={(file) => uploads.add([file], 'damage')[0] ?? null}
          onAdd={(item) => setCondition({ damage: [...condition.damage, item] })}
        />
        {condition.damage.length ? (
          <ul className="grid gap-2" aria-label="Damage items">
            {condition.damage.map((item, index) => {
              const text = `${DAMAGE_TYPES[item.type]} ${DAMAGE_SIZES[item.size]} on the ${DAMAGE_PANELS[item.panel].toLowerCase()}`;
              return (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: items have no id until saved; equal items are distinct.
                  key={index}
                  className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-3"
                >
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium text-slate-900">{text}</p>
                    {item.note ? <p className="text-slate-600">{item.note}</p> : null}
                    {item.photoKey ? (
                      <p className="text-xs text-slate-500">{photoLabel(item.photoKey)}</p>
                    ) : null}
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${text}`}
                    onClick={() => setCondition({ damage: condition.damage.filter((_, i) => i !== index) })}
                  >
                    <X aria-hidden="true" className="h-4 w-4" />
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No damage recorded.</p>
        )}
      </section>

      <TiresFields tires={condition.tires} onChange={onTires} />
      <WarningLights
        lights={condition.warningLights}
        onChange={(warningLights) => setCondition({ warningLights })}
      />
      <GradeSummary grade={grade} />

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
          ) : (
            'Create vehicle'
          )}
        </Button>
      </StepActions>
    </div>
  );
}
