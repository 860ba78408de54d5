import type { GuidedShotKind } from '@contracts/condition-report';
import { DEFAULT_REQUIRED_SHOTS, requiredShotsSchema } from '@contracts/required-shots';
import { useEffect } from 'react';
import { useRequiredShotsQuery } from '../api/required-shots';
import type { UpdateWizard } from '../wizard-state';

/**
 * Where the wizard keeps the last required-shot list it read, for a car started with no signal
 * (localStorage: a setting, nothing personal; it outlives the tab, unlike the draft).
 */
export const REQUIRED_SHOTS_STORAGE_KEY = 'upload-required-shots:v1';

const listSchema = requiredShotsSchema.shape.required;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The last list read on this phone, or null (never read, unreadable, or no storage). */
export function lastReadRequiredShots(storage: KeyValueStorage | null): GuidedShotKind[] | null {
  try {
    const parsed = listSchema.safeParse(JSON.parse(storage?.getItem(REQUIRED_SHOTS_STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function rememberRequiredShots(storage: KeyValueStorage | null, required: readonly GuidedShotKind[]) {
  try {
    storage?.setItem(REQUIRED_SHOTS_STORAGE_KEY, JSON.stringify(required));
  } catch {
    // Private mode or a full quota: the draft still keeps the list it judged by.
  }
}

/**
 * The list a car is judged by: the server's when it answers (newest wins, so an admin's change
 * reaches a capture in progress), else the draft's, else the last read on this phone, else the
 * default. Whatever it is, it is written into the draft, which sends it with the vehicle.
 */
export function effectiveRequiredShots(
  fromServer: readonly GuidedShotKind[] | undefined,
  inDraft: readonly GuidedShotKind[] | null,
  lastRead: readonly GuidedShotKind[] | null,
): readonly GuidedShotKind[] {
  return fromServer ?? inDraft ?? lastRead ?? DEFAULT_REQUIRED_SHOTS;
}

const sameList = (a: readonly string[] | null, b: readonly string[]) =>
  a !== null && a.length === b.length && a.every((kind, i) => kind === b[i]);

const browserStorage = (): KeyValueStorage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/** The required shots for the photos step, kept in the draft and on the phone (see above). */
export function useRequiredShots(inDraft: readonly GuidedShotKind[] | null, update: UpdateWizard) {
  const query = useRequiredShotsQuery();
  const fromServer = query.data?.required;
  const required = effectiveRequiredShots(fromServer, inDraft, lastReadRequiredShots(browserStorage()));
  useEffect(() => {
    if (fromServer) rememberRequiredShots(browserStorage(), fromServer);
  }, [fromServer]);
  useEffect(() => {
    if (!sameList(inDraft, required)) update({ requiredShots: [...required] });
  }, [inDraft, required, update]);
  return required;
}
