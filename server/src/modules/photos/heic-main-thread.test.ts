import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadCpuMs } from '../../../test/thread-cpu';
import { processPhoto } from './photo-pipeline';

/**
 * Issue #28: HEIC decoding (libheif compiled to JavaScript) ran synchronously on the main thread,
 * holding every other request for as long as a phone photo takes to decode. The ceiling is
 * measured in the same run: the same decode done on this thread, the time it would block.
 */
const decodeHere = createRequire(import.meta.url)('heic-decode') as (input: {
  buffer: Buffer;
}) => Promise<{ width: number; height: number }>;

let scratch: string;
let heic: Buffer;
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'heic-thread-'));
  // A 3 MP phone photo with sensor-like noise (a flat image would decode too fast to matter).
  const source = sharp({
    create: {
      width: 2016,
      height: 1512,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
  writeFileSync(join(scratch, 'source.jpg'), await source.jpeg({ quality: 85 }).toBuffer());
  execFileSync('heif-enc', ['-q', '50', '-o', join(scratch, 'photo.heic'), join(scratch, 'source.jpg')], {
    stdio: 'ignore',
  });
  heic = readFileSync(join(scratch, 'photo.heic'));
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('HEIC decoding', () => {
  it('leaves the main thread free while a phone photo decodes', async () => {
    // What decoding on this thread blocks it for (the ceiling of the old behaviour).
    let started = performance.now();
    let cpuBefore = threadCpuMs();
    const image = await decodeHere({ buffer: heic });
    const blocking = performance.now() - started;
    const blockingCpu = threadCpuMs() - cpuBefore;
    expect(image.width).toBe(2016);

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    started = performance.now();
    cpuBefore = threadCpuMs();
    const photo = await processPhoto(heic);
    // The CPU this thread spent while the photo was processed: a decode here adds the whole
    // decode's CPU time. (Event-loop utilisation was tried first: it is wall-clock time running
    // callbacks, and a CI machine with every core busy stretched 100 ms of it to 474 ms.)
    const busyCpu = threadCpuMs() - cpuBefore;
    const processing = performance.now() - started;
    delay.disable();
    expect(photo.width).toBe(2016);
    const longestStallMs = delay.max / 1e6;
    console.log(
      `HEIC 3 MP: decoding here blocks ${blocking.toFixed(0)} ms (${blockingCpu} ms CPU); processed in ${processing.toFixed(0)} ms, this thread's CPU ${busyCpu} ms of it, the longest stall ${longestStallMs.toFixed(0)} ms`,
    );
    expect(blocking).toBeGreaterThan(200);
    expect(blockingCpu).toBeGreaterThan(200);
    // The check is in this thread's CPU time: a decode here would add all of the decode's CPU to
    // what processing spends on this thread anyway (80 ms here; 290 ms in a CI run with every core
    // busy, beside a 570 ms decode — over the half that was the bound), so the bound is the
    // decode's whole CPU time. The longest stall is printed, not asserted: it is wall-clock, and a
    // CI run with every core busy measured a 320 ms stall beside a 275 ms decode (other work).
    expect(busyCpu).toBeLessThan(blockingCpu);
  }, 120_000);
});
