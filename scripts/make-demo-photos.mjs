// Draws the demo condition-report photos (server/demo-media/photo-*.jpg) from scratch with sharp:
// simple car scenes with the shot's name, no camera metadata. Run: node scripts/make-demo-photos.mjs
import { join } from 'node:path';
import sharp from 'sharp';

const OUT = join(import.meta.dirname, '../server/demo-media');
const W = 1024;
const H = 683;

const car = (body, { flip = false, scale = 1 } = {}) => `
  <g transform="translate(${W / 2} ${H * 0.62}) scale(${flip ? -scale : scale} ${scale})">
    <rect x="-330" y="-95" width="660" height="130" rx="48" fill="${body}"/>
    <path d="M-200 -95 L-120 -190 L150 -190 L240 -95 Z" fill="${body}"/>
    <path d="M-180 -100 L-112 -175 L10 -175 L10 -100 Z M25 -100 L25 -175 L140 -175 L215 -100 Z" fill="#bcd6e6"/>
    <circle cx="-200" cy="40" r="62" fill="#222"/><circle cx="-200" cy="40" r="30" fill="#999"/>
    <circle cx="200" cy="40" r="62" fill="#222"/><circle cx="200" cy="40" r="30" fill="#999"/>
    <rect x="300" y="-70" width="28" height="22" rx="6" fill="#ffd86b"/>
  </g>`;
const front = (body) => `
  <g transform="translate(${W / 2} ${H * 0.6})">
    <rect x="-260" y="-120" width="520" height="190" rx="50" fill="${body}"/>
    <path d="M-190 -120 L-140 -230 L140 -230 L190 -120 Z" fill="${body}"/>
    <path d="M-165 -128 L-125 -215 L125 -215 L165 -128 Z" fill="#bcd6e6"/>
    <rect x="-120" y="-40" width="240" height="50" rx="10" fill="#333"/>
    <circle cx="-190" cy="-50" r="32" fill="#ffd86b"/><circle cx="190" cy="-50" r="32" fill="#ffd86b"/>
    <rect x="-60" y="30" width="120" height="30" fill="#eee"/>
    <rect x="-250" y="60" width="80" height="60" rx="12" fill="#222"/><rect x="170" y="60" width="80" height="60" rx="12" fill="#222"/>
  </g>`;
const dashboard = `
  <rect x="0" y="${H * 0.45}" width="${W}" height="${H * 0.55}" fill="#2b2b2b"/>
  <circle cx="${W * 0.38}" cy="${H * 0.62}" r="90" fill="#111" stroke="#ddd" stroke-width="6"/>
  <circle cx="${W * 0.62}" cy="${H * 0.62}" r="90" fill="#111" stroke="#ddd" stroke-width="6"/>
  <text x="${W * 0.5}" y="${H * 0.8}" font-family="sans-serif" font-size="44" fill="#7fd3ff" text-anchor="middle">084 512 mi</text>
  <circle cx="${W * 0.5}" cy="${H * 0.58}" r="16" fill="#ffb000"/>`;
const dent = (body) => `
  <rect x="0" y="0" width="${W}" height="${H}" fill="${body}"/>
  <ellipse cx="${W * 0.52}" cy="${H * 0.5}" rx="150" ry="90" fill="#000" opacity="0.28"/>
  <ellipse cx="${W * 0.5}" cy="${H * 0.47}" rx="110" ry="60" fill="#fff" opacity="0.16"/>
  <path d="M${W * 0.3} ${H * 0.7} q 140 -40 300 10" stroke="#ddd" stroke-width="5" fill="none"/>`;

const SHOTS = [
  { name: 'front_left', label: 'Front ¾ left', draw: (c) => car(c, { scale: 1 }) },
  { name: 'front', label: 'Front', draw: front },
  { name: 'left_side', label: 'Left side', draw: (c) => car(c, { flip: true, scale: 1.2 }) },
  { name: 'rear', label: 'Rear', draw: (c) => front(c).replaceAll('#ffd86b', '#d23a3a') },
  { name: 'dashboard', label: 'Dashboard with odometer', draw: () => dashboard },
  { name: 'damage', label: 'Damage: dent on the hood', draw: dent },
];

const scene = (shot, body) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#9cc9ea"/><stop offset="1" stop-color="#e8f2f8"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <rect y="${H * 0.7}" width="${W}" height="${H * 0.3}" fill="#8a8f94"/>
  ${shot.draw(body)}
  <rect x="24" y="${H - 78}" width="${30 + shot.label.length * 19}" height="54" rx="10" fill="#000" opacity="0.55"/>
  <text x="42" y="${H - 40}" font-family="sans-serif" font-size="34" fill="#fff">${shot.label}</text>
</svg>`;

for (const shot of SHOTS) {
  const file = join(OUT, `photo-${shot.name}.jpg`);
  await sharp(Buffer.from(scene(shot, '#2f5d8a')))
    .jpeg({ quality: 70, mozjpeg: true })
    .toFile(file);
  console.log(file);
}
