import {
  conditionReportBodySchema,
  DAMAGE_PANEL_KEYS,
  DAMAGE_SIZE_KEYS,
  DAMAGE_TYPE_KEYS,
  GUIDED_SHOTS,
  type GuidedShotKind,
  MAX_PHOTOS,
  NO_TIRES,
} from '@contracts/condition-report';
import { useCallback, useEffect, useState } from 'react';
import { newIdempotencyKey } from '@/lib/new-idempotency-key';
import { storedPhotoSchema } from '@/lib/photo-queue';
import { z } from '@/lib/zod';
import { UPLOAD_STEPS, type UploadStep } from './upload-steps';

/**
 * The wizard's in-progress state, kept in sessionStorage so a reload mid-wizard returns to the same
 * step (a tab's storage only, gone when the tab closes). Nothing secret goes here: the staff session
 * is an HttpOnly cookie; this holds what the staff member typed and the URLs the server answered.
 */
const STORAGE_KEY = 'upload-wizard:v1';

const stepKeys = UPLOAD_STEPS.map((s) => s.key) as [UploadStep, ...UploadStep[]];

const guidedKinds = GUIDED_SHOTS.map((s) => s.kind) as [GuidedShotKind, ...GuidedShotKind[]];

/** A damage item as drafted: its photo is a queue key until the create call maps it to an id. */
const draftDamageSchema = z.object({
  panel: z.enum(DAMAGE_PANEL_KEYS),
  type: z.enum(DAMAGE_TYPE_KEYS),
  size: z.enum(DAMAGE_SIZE_KEYS),
  photoKey: z.string().max(40).nullable(),
  note: z.string().max(200),
});
export type DraftDamage = z.infer<typeof draftDamageSchema>;

const conditionDraftSchema = z.object({
  damage: z.array(draftDamageSchema).max(100),
  tires: conditionReportBodySchema.shape.tires,
  warningLights: conditionReportBodySchema.shape.warningLights,
});
export type ConditionDraft = z.infer<typeof conditionDraftSchema>;
const NO_CONDITION: ConditionDraft = { damage: [], tires: NO_TIRES, warningLights: [] };

const wizardStateSchema = z.object({
  step: z.enum(stepKeys).nullable(),
  vin: z.string().max(17),
  /** The VIN the fields below were decoded for; a new VIN decodes again. */
  decodedVin: z.string().nullable(),
  decodeSource: z.enum(['vpic', 'offline']).nullable(),
  year: z.string().max(4),
  make: z.string().max(100),
  model: z.string().max(100),
  trim: z.string().max(100),
  /** A started upload that has not finished: choosing the same file again resumes it (tus). */
  pendingVideo: z.object({ name: z.string(), size: z.number() }).nullable(),
  video: z
    .object({ url: z.string(), thumbnailUrl: z.string().nullable(), name: z.string(), size: z.number() })
    .nullable(),
  vehicleId: z.number().int().nullable(),
  /** One key per vehicle attempt: a retried create after a dropped answer never makes two vehicles. */
  idempotencyKey: z.string(),
  recon: z.object({ exterior: z.string(), mechanical: z.string(), interior: z.string() }),
  /** Uploaded photos in the order they were taken (the create call orders them for the cover). */
  photos: z.array(storedPhotoSchema).max(MAX_PHOTOS).default([]),
  /** Guided shots the staff member skipped. */
  skippedShots: z.array(z.enum(guidedKinds)).default([]),
  /** Names of photos still uploading at the last save: a reload loses their files. */
  pendingPhotoNames: z.array(z.string().max(300)).max(MAX_PHOTOS).default([]),
  condition: conditionDraftSchema.default(NO_CONDITION),
});
export type WizardState = z.infer<typeof wizardStateSchema>;

export const freshWizardState = (step: UploadStep | null = null): WizardState => ({
  step,
  vin: '',
  decodedVin: null,
  decodeSource: null,
  year: '',
  make: '',
  model: '',
  trim: '',
  pendingVideo: null,
  video: null,
  vehicleId: null,
  idempotencyKey: newIdempotencyKey(),
  recon: { exterior: '', mechanical: '', interior: '' },
  photos: [],
  skippedShots: [],
  pendingPhotoNames: [],
  condition: NO_CONDITION,
});

function load(): WizardState {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return freshWizardState();
    const parsed = wizardStateSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : freshWizardState();
  } catch {
    return freshWizardState();
  }
}

function save(state: WizardState) {
  try {
    // Before the VIN step there is nothing worth restoring (and a reset must stay reset).
    if (state.step === null || state.step === 'password') sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Private mode or a full quota: the wizard still works, it just won't survive a reload.
  }
}

export type UpdateWizard = (patch: Partial<WizardState>) => void;

export function useWizardState() {
  const [state, setState] = useState<WizardState>(load);
  useEffect(() => save(state), [state]);
  const update: UpdateWizard = useCallback((patch) => setState((prev) => ({ ...prev, ...patch })), []);
  /** Clears everything (a new idempotency key too) and shows the given step. */
  const reset = useCallback((step: UploadStep) => setState(freshWizardState(step)), []);
  return { state, update, reset };
}
