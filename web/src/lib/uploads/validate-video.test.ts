import { MAX_VIDEO_BYTES } from '@contracts/upload-limits';
import { describe, expect, it } from 'vitest';
import { uploadPercent } from './file-state';
import { progressLabel } from './format-bytes';
import { validateVideoFiles, videoTypeOf } from './validate-video';

const file = (name: string, type: string, size = 1024) => ({ name, type, size });

describe('validateVideoFiles (docs/product.md §5 messages)', () => {
  it('accepts each allowed type under 200 MB', () => {
    for (const type of [
      'video/mp4',
      'video/webm',
      'video/quicktime',
      'video/x-m4v',
      'video/3gpp',
      'video/3gpp2',
    ]) {
      expect(validateVideoFiles([file('walk', type)])).toBeNull();
    }
  });
  it('requires a video', () => {
    expect(validateVideoFiles([])).toBe('Please upload a walkaround video');
  });
  it('takes one file only', () => {
    expect(validateVideoFiles([file('a.mp4', 'video/mp4'), file('b.mp4', 'video/mp4')])).toBe(
      'Maximum 1 files allowed',
    );
  });
  it('refuses other types', () => {
    expect(validateVideoFiles([file('notes.txt', 'text/plain')])).toBe('Invalid video type');
    expect(validateVideoFiles([file('clip.avi', 'video/x-msvideo')])).toBe('Invalid video type');
    expect(validateVideoFiles([file('setup.exe', '')])).toBe('Invalid video type');
  });
  it('must be smaller than 200MB', () => {
    expect(validateVideoFiles([file('big.mp4', 'video/mp4', MAX_VIDEO_BYTES)])).toBe(
      'Video must be smaller than 200MB',
    );
    expect(validateVideoFiles([file('ok.mp4', 'video/mp4', MAX_VIDEO_BYTES - 1)])).toBeNull();
  });
  it('falls back to the extension when the picker gives no type', () => {
    expect(videoTypeOf(file('IMG_0042.MOV', ''))).toBe('video/quicktime');
    expect(validateVideoFiles([file('walk.3gp', '')])).toBeNull();
  });
});

describe('progress label', () => {
  it('shows percent and what is left', () => {
    expect(progressLabel(0, 10 * 1024 * 1024)).toBe('0% · 10.0 MB left');
    expect(progressLabel(4 * 1024 * 1024, 10 * 1024 * 1024)).toBe('40% · 6.0 MB left');
    expect(progressLabel(10 * 1024 * 1024, 10 * 1024 * 1024)).toBe('100% · 0 B left');
    expect(uploadPercent(1, 0)).toBe(0);
  });
});
