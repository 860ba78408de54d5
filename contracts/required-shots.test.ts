import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REQUIRED_SHOTS,
  MAX_SKIP_NOTE,
  missingRequiredShots,
  REQUIRED_SHOTS_TEXT,
  skippedShotSchema,
  skipReasonFormSchema,
  skipReasonText,
  updateRequiredShotsBodySchema,
} from './required-shots';

describe('required shots', () => {
  it('lists what is neither taken nor skipped, in shot-list order', () => {
    expect(missingRequiredShots(['vin_plate', 'front', 'dashboard'], ['front'], ['dashboard'])).toEqual([
      'vin_plate',
    ]);
    expect(missingRequiredShots(DEFAULT_REQUIRED_SHOTS, DEFAULT_REQUIRED_SHOTS, [])).toEqual([]);
    expect(missingRequiredShots([], [], [])).toEqual([]);
  });

  it('keeps a note only for "Other", and needs one there', () => {
    expect(skippedShotSchema.parse({ kind: 'front', reason: 'no_access', note: 'x' })).toEqual({
      kind: 'front',
      reason: 'no_access',
      note: null,
    });
    expect(skippedShotSchema.parse({ kind: 'front', reason: 'other', note: ' bent ' }).note).toBe('bent');
    expect(skippedShotSchema.safeParse({ kind: 'front', reason: 'other' }).success).toBe(false);
    expect(skippedShotSchema.safeParse({ kind: 'front', reason: 'because' }).success).toBe(false);
  });

  it('asks the staff for a reason, and a few words for "Other", in the form', () => {
    const messages = (values: unknown) =>
      skipReasonFormSchema.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages({ reason: null, note: '' })).toEqual([['reason', REQUIRED_SHOTS_TEXT.chooseReason]]);
    expect(messages({ reason: 'other', note: '   ' })).toEqual([['note', REQUIRED_SHOTS_TEXT.noteRequired]]);
    expect(
      skipReasonFormSchema.safeParse({ reason: 'other', note: 'x'.repeat(MAX_SKIP_NOTE + 1) }).success,
    ).toBe(false);
    expect(skipReasonFormSchema.parse({ reason: 'other', note: ' Against the wall ' })).toEqual({
      reason: 'other',
      note: 'Against the wall',
    });
    expect(skipReasonFormSchema.parse({ reason: 'no_access', note: 'kept out' })).toEqual({
      reason: 'no_access',
      note: '',
    });
  });

  it('names an unknown kind in the setting', () => {
    const result = updateRequiredShotsBodySchema.safeParse({ required: ['front', 'roof_rack'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(
      /^Unknown shot kind "roof_rack"\. Known kinds: front_left, /,
    );
  });

  it('says the reason, or the note for "Other"', () => {
    expect(skipReasonText({ reason: 'no_access', note: null })).toBe('Could not access');
    expect(skipReasonText({ reason: 'other', note: 'Plate painted over' })).toBe('Plate painted over');
    expect(skipReasonText({ reason: 'not_required_at_capture', note: null })).toBe(
      'Not required when the car was captured',
    );
  });
});
