/**
 * npm run bench:photos — condition-report photo processing (issue #17): 100 photos of 12 megapixels
 * (4000 × 3000, synthetic: a gradient with blurred noise, so they compress like camera photos)
 * through the server's pipeline (photo-pipeline.ts, in its bounded ProcessingQueue at
 * PHOTO_CONCURRENCY). Prints photos/s and the peak resident memory of this process.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { processPhoto } from '../server/src/modules/photos/photo-pipeline';
import { ProcessingQueue } from '../server/src/modules/photos/photo-store';
import { line, writeResults } from './support';
import { syntheticPhoto } from './synthetic-photo';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 100);
const CONCURRENCY = Number(process.env.PHOTO_CONCURRENCY ?? 1);
const WIDTH = 4000;
const HEIGHT = 3000;
const DISTINCT = 4;

// The inputs are drawn in a child process, so their memory is not counted as the pipeline's.
const INPUT_DIR = join(tmpdir(), 'bench-photos-inputs');
if (process.argv[2] === 'generate') {
  mkdirSync(INPUT_DIR, { recursive: true });
  for (let i = 0; i < DISTINCT; i++)
    writeFileSync(join(INPUT_DIR, `${i}.jpg`), await syntheticPhoto(i, WIDTH, HEIGHT));
  process.exit(0);
}
execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, 'generate'], { stdio: 'inherit' });
const inputs = Array.from({ length: DISTINCT }, (_, i) => readFileSync(join(INPUT_DIR, `${i}.jpg`)));
const inputMb = inputs.reduce((sum, b) => sum + b.length, 0) / inputs.length / 1024 / 1024;
line('input', `${PHOTOS} × ${WIDTH}×${HEIGHT} JPEG (≈${inputMb.toFixed(1)} MB each)`);
line('processing concurrency / cores', `${CONCURRENCY} / ${availableParallelism()}`);

const baselineRss = Math.round(process.memoryUsage.rss() / 1024 / 1024);
line('RSS before processing (inputs made) (MB)', baselineRss);
let peakRss = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 25);
const queue = new ProcessingQueue(CONCURRENCY);
let outputBytes = 0;
const started = performance.now();
// All 100 arrive at once, as a burst of uploads would: the queue bounds how many decode together.
await Promise.all(
  Array.from({ length: PHOTOS }, (_, i) =>
    queue.run(async () => {
      const photo = await processPhoto(inputs[i % DISTINCT]!);
      for (const bytes of photo.variants.values()) outputBytes += bytes.length;
    }),
  ),
);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage.rss());

const photosPerSecond = Number((PHOTOS / seconds).toFixed(2));
const rssMb = Math.round(peakRss / 1024 / 1024);
line('photos/s', photosPerSecond);
line('seconds per photo', (seconds / PHOTOS).toFixed(2));
line('peak RSS (MB)', rssMb);
line('variants per photo (avg kB)', (outputBytes / PHOTOS / 1024).toFixed(0));
line(
  'written',
  writeResults('photos', {
    photos: PHOTOS,
    megapixels: 12,
    concurrency: CONCURRENCY,
    seconds,
    photosPerSecond,
    rssMb,
  }),
);
