import sharp from 'sharp';

/** mulberry32: the same seed draws the same photo on every run. */
function randomOf(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Shapes in varied colours (a car on a lot, roughly): edges and flat areas, as a photo has. */
function shapesSvg(seed: number, width: number, height: number, count: number) {
  const random = randomOf(seed + 1);
  const hue = () => Math.floor(random() * 360);
  const shapes = Array.from({ length: count }, () => {
    const x = Math.round(random() * width);
    const y = Math.round(height * (0.3 + random() * 0.6));
    const w = Math.round(width * (0.05 + random() * 0.4));
    const h = Math.round(height * (0.04 + random() * 0.25));
    const fill = `hsl(${hue()},${30 + Math.floor(random() * 60)}%,${20 + Math.floor(random() * 60)}%)`;
    return random() < 0.5
      ? `<ellipse cx="${x}" cy="${y}" rx="${w / 2}" ry="${h / 2}" fill="${fill}"/>`
      : `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="${h / 5}" fill="${fill}"/>`;
  });
  return `<rect y="${Math.round(height * 0.55)}" width="100%" height="45%" fill="hsl(${hue()},15%,35%)" opacity="0.7"/>${shapes.join('')}`;
}

/** Gaussian noise drawn at 1/`scale` of the size and enlarged: grain (1) to blotches (40). */
async function noiseLayer(width: number, height: number, scale: number, sigma: number) {
  const drawn = sharp({
    create: {
      width: Math.max(1, Math.round(width / scale)),
      height: Math.max(1, Math.round(height / scale)),
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma },
    },
  });
  if (scale === 1) return drawn.blur(1.2).raw().toBuffer();
  const small = await drawn.png().toBuffer();
  return sharp(small).resize(width, height, { kernel: 'cubic' }).removeAlpha().raw().toBuffer();
}

/** Texture at several scales, as a scene has (blotches, surfaces, fine detail): see `scene`. */
const SCENE_TEXTURE: [scale: number, sigma: number][] = [
  [40, 60],
  [10, 25],
  [4, 12],
];

/**
 * A synthetic photo that compresses like a camera's (not a flat colour), as a JPEG at quality 90
 * (as a phone writes it): a diagonal gradient of the seed's hue with blurred Gaussian grain blended
 * in; with `scene`, coloured shapes (edges, flat areas) and texture at several scales instead of the
 * grain, so its AVIF/WebP variants are about as large as a real photo's (2000 × 1500: ≈ 70 kB AVIF
 * at 1280 px wide, 30 kB at 640) rather than the few kB the grain alone leaves once smoothed.
 */
export async function syntheticPhoto(seed: number, width: number, height: number, { scene = false } = {}) {
  const layers = await Promise.all(
    (scene ? SCENE_TEXTURE : [[1, 40] as const]).map(([scale, sigma]) =>
      noiseLayer(width, height, scale, sigma),
    ),
  );
  const base = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${seed * 70},50%,60%)"/><stop offset="1" stop-color="#333"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${scene ? shapesSvg(seed, width, height, 14) : ''}</svg>`,
    ),
  )
    .removeAlpha()
    .raw()
    .toBuffer();
  return sharp(base, { raw: { width, height, channels: 3 } })
    .composite(layers.map((input) => ({ input, raw: { width, height, channels: 3 }, blend: 'soft-light' })))
    .jpeg({ quality: 90 })
    .toBuffer();
}
