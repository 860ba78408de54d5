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
import { MAX_SKIP_NOTE, SKIP_REASON_KEYS } from '@contracts/required-shots';
import { VIN_CHECK_DIGIT_OVERRIDES } from '@contracts/vin';
import { useCallback, useEffect, useState } from 'react';
import { newIdempotencyKey } from '@/lib/api/new-idempotency-key';
import { type CaptureStore, captureStore } from '@/lib/uploads/capture-store';
import { storedPhotoSchema } from '@/lib/uploads/photo-queue';
import { z } from '@/lib/zod';
import { UPLOAD_STEPS, type UploadStep } from './upload-steps';

/**
 * The wizard's in-progress state, kept on the phone (the capture store in IndexedDB, with a copy in
 * the tab's sessionStorage) so a reload, a killed app or a restarted phone returns to the same step
 * with what was entered. Nothing secret goes here: the staff session is an HttpOnly cookie; this
 * holds what the staff member typed and the URLs the server answered. The tab's copy is removed
 * once the vehicle is in the queue or waits on the phone (the complete step) and on a fresh start.
 */
export const WIZARD_STORAGE_KEY = 'upload-wizard:v1';

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

/** A required shot skipped, and why ('other' with a few words). */
const shotSkipSchema = z.object({
  kind: z.enum(guidedKinds),
  reason: z.enum(SKIP_REASON_KEYS),
  note: z.string().max(MAX_SKIP_NOTE),
});
export type ShotSkip = z.infer<typeof shotSkipSchema>;

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
  /** The odometer reading as typed (digits, maybe commas); blank = the admin enters it. */
  mileage: z.string().max(12).default(''),
  /** Why the VIN is right although its check digit does not match (for this VIN only). */
  vinOverride: z.enum(VIN_CHECK_DIGIT_OVERRIDES).nullable().default(null),
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
  /** Why each required shot was skipped (issue #34); sent with the vehicle. */
  shotSkips: z.array(shotSkipSchema).max(GUIDED_SHOTS.length).default([]),
  /** The required shots this car is judged by: the last list read from the server (kept offline). */
  requiredShots: z.array(z.enum(guidedKinds)).nullable().default(null),
  /** Names of photos still uploading at the last save: a reload loses their files. */
  pendingPhotoNames: z.array(z.string().max(300)).max(MAX_PHOTOS).default([]),
  condition: conditionDraftSchema.default(NO_CONDITION),
  /** The walkaround video kept on the phone (the capture store's file id): sent with the car if not yet up. */
  savedVideo: z.object({ fileId: z.string(), name: z.string(), size: z.number() }).nullable().default(null),
  /** No signal when the VIN was typed: the server decodes it when the car is sent (decode-state.ts). */
  decodeDeferred: z.boolean().default(false),
  /** Finished without sending: the car waits on the phone for a signal (the complete step says so). */
  keptOnPhone: z.boolean().default(false),
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
  mileage: '',
  vinOverride: null,
  pendingVideo: null,
  video: null,
  vehicleId: null,
  idempotencyKey: newIdempotencyKey(),
  recon: { exterior: '', mechanical: '', interior: '' },
  photos: [],
  skippedShots: [],
  shotSkips: [],
  requiredShots: null,
  pendingPhotoNames: [],
  condition: NO_CONDITION,
  savedVideo: null,
  decodeDeferred: false,
  keptOnPhone: false,
});

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The stored state, field by field: one field that no longer reads (an older version, a value out
 * of range) falls back to its fresh value instead of throwing the whole draft and its step away.
 */
export function loadWizardState(storage: KeyValueStorage): WizardState {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(WIZARD_STORAGE_KEY) ?? 'null');
  } catch {
    return freshWizardState();
  }
  return parseWizardState(stored);
}

/** A stored draft (the capture store's, or an older sessionStorage one) read field by field. */
export function parseWizardState(stored: unknown): WizardState {
  const fresh = freshWizardState();
  if (typeof stored !== 'object' || stored === null) return fresh;
  const whole = wizardStateSchema.safeParse(stored);
  if (whole.success) return whole.data;
  const fields = wizardStateSchema.shape;
  const state: Record<string, unknown> = { ...fresh };
  for (const key of Object.keys(fields) as (keyof WizardState)[]) {
    const field = fields[key].safeParse((stored as Record<string, unknown>)[key]);
    if (field.success) state[key] = field.data;
  }
  return state as WizardState;
}

/**
 * Kept from the VIN step until the vehicle is in the queue (or waits on the phone to be sent);
 * before the VIN step there is nothing worth restoring (and a reset must stay reset).
 */
export const isDraftKept = (state: WizardState) =>
  state.step !== null && state.step !== 'password' && state.step !== 'complete';

/** The sessionStorage form, where IndexedDB is missing. */
export function saveWizardState(storage: KeyValueStorage, state: WizardState) {
  try {
    if (!isDraftKept(state)) storage.removeItem(WIZARD_STORAGE_KEY);
    else storage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Private mode or a full quota: the wizard still works, it just won't survive a reload.
  }
}

const browserStorage = (): KeyValueStorage | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};
const save = (state: WizardState) => {
  const storage = browserStorage();
  if (storage) saveWizardState(storage, state);
};

export type UpdateWizard = (patch: Partial<WizardState>) => void;

/**
 * The wizard's draft, kept on the phone (the capture store in IndexedDB, issue #34) as it changes,
 * so a reload, a killed app or a restarted phone comes back to the same step with everything
 * entered; its record is keyed by the vehicle's Idempotency-Key. The tab's sessionStorage keeps a
 * copy too (written synchronously, so a reload right after a keystroke keeps it; the only copy where
 * IndexedDB is missing). `loaded` is false until the stored draft was read.
 */
export function useWizardState() {
  const [state, setState] = useState<WizardState>(freshWizardState);
  const [loaded, setLoaded] = useState(false);
  const [store, setStore] = useState<CaptureStore | null>(null);
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const opened = await captureStore();
      let restored: WizardState | null = null;
      // The tab's own copy first: written synchronously, it has the last keystroke before a reload
      // (an IndexedDB write may not finish as the page unloads) — unless that car was finished.
      const session = browserStorage();
      if (session?.getItem(WIZARD_STORAGE_KEY)) {
        const mirrored = loadWizardState(session);
        const record = await opened?.vehicle(mirrored.idempotencyKey).catch(() => undefined);
        if (!record || record.status === 'draft') restored = mirrored;
      }
      // Otherwise the phone's: after the app was killed, the phone restarted, another tab.
      const draft = restored ? undefined : await opened?.currentDraft().catch(() => undefined);
      if (draft) restored = { ...parseWizardState(draft.wizard), idempotencyKey: draft.id };
      if (cancelled) return;
      setStore(opened);
      if (restored) setState(restored);
      setLoaded(true);
    })();
    return () => {
      cancelled = true;
    };
  }, []);
  useEffect(() => {
    if (!loaded) return;
    save(state);
    if (store && isDraftKept(state)) void store.saveDraft(state.idempotencyKey, state).catch(() => undefined);
  }, [state, loaded, store]);
  const update: UpdateWizard = useCallback((patch) => setState((prev) => ({ ...prev, ...patch })), []);
  /** Clears everything (a new idempotency key too) and shows the given step. */
  const reset = useCallback((step: UploadStep) => setState(freshWizardState(step)), []);
  return { state, update, reset, loaded, store };
}
