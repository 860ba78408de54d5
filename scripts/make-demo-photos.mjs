// Draws the demo photos (server/demo-media/photo-*.jpg) from scratch with sharp: simple car scenes
// with the shot's name, no camera metadata. Each "look" is a body shape in a colour; every demo
// vehicle gets the look of its body type (server/src/seed/demo-photos.ts), so the inventory's
// first screen shows sedans, SUVs and pickups in two colours each. Few images on purpose: each one
// goes through the photo pipeline at every first start (about 0.2 s each). Shared shots: the dashboard and
// three damage close-ups. Run: node scripts/make-demo-photos.mjs
import { join } from 'node:path';
import sharp from 'sharp';

const OUT = join(import.meta.dirname, '../server/demo-media');
const W = 1024;
const H = 683;
const GLASS = '#bcd6e6';

const wheels = (xs, y, r) =>
  xs
    .map(
      (x) =>
        `<circle cx="${x}" cy="${y}" r="${r}" fill="#222"/><circle cx="${x}" cy="${y}" r="${r * 0.48}" fill="#999"/>`,
    )
    .join('');

/** Side views, nose to the right, centred on the origin. */
const SIDES = {
  sedan: (body) => `
    <rect x="-330" y="-95" width="660" height="130" rx="48" fill="${body}"/>
    <path d="M-200 -95 L-120 -190 L150 -190 L240 -95 Z" fill="${body}"/>
    <path d="M-180 -100 L-112 -175 L10 -175 L10 -100 Z M25 -100 L25 -175 L140 -175 L215 -100 Z" fill="${GLASS}"/>
    ${wheels([-200, 200], 40, 62)}
    <rect x="300" y="-70" width="28" height="22" rx="6" fill="#ffd86b"/>`,
  suv: (body) => `
    <rect x="-330" y="-120" width="660" height="160" rx="40" fill="${body}"/>
    <path d="M-320 -110 L-300 -250 L170 -250 L260 -115 Z" fill="${body}"/>
    <path d="M-290 -125 L-275 -235 L-40 -235 L-40 -125 Z M-25 -125 L-25 -235 L160 -235 L235 -125 Z" fill="${GLASS}"/>
    <rect x="-300" y="-262" width="420" height="10" rx="4" fill="#333"/>
    ${wheels([-205, 205], 45, 70)}
    <rect x="300" y="-90" width="28" height="26" rx="6" fill="#ffd86b"/>`,
  truck: (body) => `
    <rect x="-350" y="-115" width="700" height="150" rx="24" fill="${body}"/>
    <path d="M-60 -110 L-40 -255 L170 -255 L250 -115 Z" fill="${body}"/>
    <path d="M-35 -125 L-22 -240 L70 -240 L70 -125 Z M85 -125 L85 -240 L160 -240 L225 -125 Z" fill="${GLASS}"/>
    <rect x="-350" y="-150" width="270" height="40" fill="${body}"/>
    <rect x="-350" y="-152" width="270" height="8" fill="#333"/>
    ${wheels([-225, 215], 42, 72)}
    <rect x="318" y="-90" width="28" height="30" rx="6" fill="#ffd86b"/>`,
};

/** Straight-on views (front; the rear is the same with red lamps). */
const FRONTS = {
  sedan: (body, lamp) => `
    <rect x="-260" y="-120" width="520" height="190" rx="50" fill="${body}"/>
    <path d="M-190 -120 L-140 -230 L140 -230 L190 -120 Z" fill="${body}"/>
    <path d="M-165 -128 L-125 -215 L125 -215 L165 -128 Z" fill="${GLASS}"/>
    <rect x="-120" y="-40" width="240" height="50" rx="10" fill="#333"/>
    <circle cx="-190" cy="-50" r="32" fill="${lamp}"/><circle cx="190" cy="-50" r="32" fill="${lamp}"/>
    <rect x="-60" y="30" width="120" height="30" fill="#eee"/>
    <rect x="-250" y="60" width="80" height="60" rx="12" fill="#222"/><rect x="170" y="60" width="80" height="60" rx="12" fill="#222"/>`,
  suv: (body, lamp) => `
    <rect x="-280" y="-140" width="560" height="220" rx="40" fill="${body}"/>
    <path d="M-230 -140 L-200 -280 L200 -280 L230 -140 Z" fill="${body}"/>
    <path d="M-205 -150 L-180 -265 L180 -265 L205 -150 Z" fill="${GLASS}"/>
    <rect x="-150" y="-60" width="300" height="60" rx="10" fill="#333"/>
    <rect x="-250" y="-75" width="80" height="36" rx="10" fill="${lamp}"/><rect x="170" y="-75" width="80" height="36" rx="10" fill="${lamp}"/>
    <rect x="-60" y="30" width="120" height="30" fill="#eee"/>
    <rect x="-270" y="70" width="90" height="70" rx="12" fill="#222"/><rect x="180" y="70" width="90" height="70" rx="12" fill="#222"/>`,
  truck: (body, lamp) => `
    <rect x="-300" y="-140" width="600" height="230" rx="20" fill="${body}"/>
    <path d="M-240 -140 L-215 -290 L215 -290 L240 -140 Z" fill="${body}"/>
    <path d="M-215 -150 L-195 -275 L195 -275 L215 -150 Z" fill="${GLASS}"/>
    <rect x="-180" y="-90" width="360" height="100" rx="8" fill="#444"/>
    <rect x="-280" y="-90" width="80" height="50" rx="6" fill="${lamp}"/><rect x="200" y="-90" width="80" height="50" rx="6" fill="${lamp}"/>
    <rect x="-60" y="40" width="120" height="30" fill="#eee"/>
    <rect x="-290" y="80" width="100" height="80" rx="12" fill="#222"/><rect x="190" y="80" width="100" height="80" rx="12" fill="#222"/>`,
};

/** The looks a demo vehicle can have: a body and a paint colour (names used by demo-photos.ts). */
const LOOKS = {
  'sedan-blue': ['sedan', '#2f5d8a'],
  'sedan-red': ['sedan', '#a3282b'],
  'suv-white': ['suv', '#e9ecef'],
  'suv-green': ['suv', '#3f5e4a'],
  'truck-gray': ['truck', '#5b6068'],
  'truck-red': ['truck', '#8e2224'],
};

const at = (x, y, scale, flip, inner) =>
  `<g transform="translate(${x} ${y}) scale(${flip ? -scale : scale} ${scale})">${inner}</g>`;

const LOOK_SHOTS = [
  { name: 'front_left', label: 'Front ¾ left', draw: (b, c) => at(W / 2, H * 0.62, 1, false, SIDES[b](c)) },
  { name: 'front', label: 'Front', draw: (b, c) => at(W / 2, H * 0.6, 1, false, FRONTS[b](c, '#ffd86b')) },
  { name: 'rear', label: 'Rear', draw: (b, c) => at(W / 2, H * 0.6, 1, false, FRONTS[b](c, '#d23a3a')) },
];

/** Gauges and warning lamps, no odometer figure: each car's mileage is its own (the listing says it). */
const dashboard = `
  <rect x="0" y="${H * 0.45}" width="${W}" height="${H * 0.55}" fill="#2b2b2b"/>
  <circle cx="${W * 0.38}" cy="${H * 0.62}" r="90" fill="#111" stroke="#ddd" stroke-width="6"/>
  <circle cx="${W * 0.62}" cy="${H * 0.62}" r="90" fill="#111" stroke="#ddd" stroke-width="6"/>
  <path d="M${W * 0.38} ${H * 0.62} l -55 -45" stroke="#f04" stroke-width="6"/>
  <path d="M${W * 0.62} ${H * 0.62} l 40 -55" stroke="#f04" stroke-width="6"/>
  <rect x="${W * 0.44}" y="${H * 0.76}" width="${W * 0.12}" height="34" rx="6" fill="#0b3142"/>`;
const closeUp = (body, mark) => `<rect x="0" y="0" width="${W}" height="${H}" fill="${body}"/>${mark}`;
const SHARED_SHOTS = [
  { name: 'dashboard', label: 'Dashboard', draw: () => dashboard },
  {
    name: 'damage-dent',
    label: 'Damage: dent',
    draw: () =>
      closeUp(
        '#5b6f86',
        `<ellipse cx="${W * 0.52}" cy="${H * 0.5}" rx="150" ry="90" fill="#000" opacity="0.28"/>
         <ellipse cx="${W * 0.5}" cy="${H * 0.47}" rx="110" ry="60" fill="#fff" opacity="0.16"/>`,
      ),
  },
  {
    name: 'damage-scratch',
    label: 'Damage: scratch',
    draw: () =>
      closeUp(
        '#7d8790',
        `<path d="M${W * 0.2} ${H * 0.62} q 220 -90 560 -40" stroke="#eee" stroke-width="6" fill="none"/>
         <path d="M${W * 0.25} ${H * 0.67} q 200 -70 480 -30" stroke="#ddd" stroke-width="3" fill="none"/>`,
      ),
  },
  {
    name: 'damage-chip',
    label: 'Damage: chip',
    draw: () =>
      closeUp(
        '#a9c4d6',
        `<circle cx="${W * 0.5}" cy="${H * 0.45}" r="26" fill="#fff" opacity="0.85"/>
         <path d="M${W * 0.5} ${H * 0.45} l 60 -30 M${W * 0.5} ${H * 0.45} l -50 40" stroke="#fff" stroke-width="3"/>`,
      ),
  },
];

const scene = (label, inner) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#9cc9ea"/><stop offset="1" stop-color="#e8f2f8"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <rect y="${H * 0.7}" width="${W}" height="${H * 0.3}" fill="#8a8f94"/>
  ${inner}
  <rect x="24" y="${H - 78}" width="${30 + label.length * 19}" height="54" rx="10" fill="#000" opacity="0.55"/>
  <text x="42" y="${H - 40}" font-family="sans-serif" font-size="34" fill="#fff">${label}</text>
</svg>`;

const write = async (name, svg) => {
  const file = join(OUT, `photo-${name}.jpg`);
  await sharp(Buffer.from(svg)).jpeg({ quality: 70, mozjpeg: true }).toFile(file);
  console.log(file);
};
for (const [look, [body, colour]] of Object.entries(LOOKS))
  for (const shot of LOOK_SHOTS)
    await write(`${look}-${shot.name}`, scene(shot.label, shot.draw(body, colour)));
for (const shot of SHARED_SHOTS) await write(shot.name, scene(shot.label, shot.draw()));
