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
import sharp from 'sharp';
import { processPhoto } from '../server/src/modules/photos/photo-pipeline';
import { ProcessingQueue } from '../server/src/modules/photos/photo-store';
import { line, writeResults } from './support';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 100);
const CONCURRENCY = Number(process.env.PHOTO_CONCURRENCY ?? 1);
const WIDTH = 4000;
const HEIGHT = 3000;
const DISTINCT = 4;

async function syntheticPhoto(seed: number) {
  const noise = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .blur(1.2)
    .raw()
    .toBuffer();
  const gradient = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${seed * 70},50%,60%)"/><stop offset="1" stop-color="#333"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
    ),
  )
    .removeAlpha()
    .raw()
    .toBuffer();
  return sharp(gradient, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .composite([{ input: noise, raw: { width: WIDTH, height: HEIGHT, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

// The inputs are drawn in a child process, so their memory is not counted as the pipeline's.
const INPUT_DIR = join(tmpdir(), 'bench-photos-inputs');
if (process.argv[2] === 'generate') {
  mkdirSync(INPUT_DIR, { recursive: true });
  for (let i = 0; i < DISTINCT; i++) writeFileSync(join(INPUT_DIR, `${i}.jpg`), await syntheticPhoto(i));
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
