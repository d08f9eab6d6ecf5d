import sharp from 'sharp';
import { encodeImageVariants, type EncodedImage } from '../lib/images';

/**
 * Demo pictures drawn by code: a side-view silhouette of the vehicle's kind in its colour, on a soft
 * background, seen in one of four framings. Nothing is downloaded. Each SVG goes through the same
 * WebP encoding as an upload.
 */
export type VehicleKind = 'car' | 'truck' | 'motorcycle' | 'bicycle' | 'scooter';
export const ART_VARIANTS = 4;

const COLOR_HEX: Record<string, string> = {
  red: '#c0392b',
  blue: '#2e5c9a',
  'dark blue': '#1f3a66',
  black: '#23272f',
  white: '#f3f3f1',
  silver: '#b9bfc7',
  gray: '#6b7280',
  green: '#2f7d4f',
  yellow: '#e6b422',
  orange: '#e67e22',
  brown: '#7b5136',
  beige: '#d8c3a0',
  purple: '#6d4c9a',
};

export function colorHex(colorName: string): string {
  return COLOR_HEX[colorName.toLowerCase()] ?? '#7a8590';
}

/** Sky top, sky bottom, floor: soft pairs so every variant looks different. */
const BACKGROUNDS: [string, string, string][] = [
  ['#e8f1fb', '#fdfdfd', '#dfe4ea'],
  ['#fdf1e4', '#fffaf3', '#e9dfd2'],
  ['#eaf6ee', '#fbfefb', '#d9e6dc'],
  ['#f1ecfa', '#fdfcff', '#e2dcec'],
  ['#eef3f6', '#ffffff', '#cfd8df'],
];

const WHEEL = '#1f2328';
const GLASS = '#cfe3f0';
const TRIM = '#3a3f46';

/** Silhouettes in a 400 x 240 box, facing right, wheels resting on y = 200. */
function silhouette(kind: VehicleKind, body: string): string {
  const outline = `stroke="#00000033" stroke-width="2"`;
  const wheel = (cx: number, r: number) =>
    `<circle cx="${cx}" cy="${200 - r}" r="${r}" fill="${WHEEL}"/><circle cx="${cx}" cy="${200 - r}" r="${r * 0.45}" fill="#b7bcc2"/>`;
  const spokeWheel = (cx: number, r: number) =>
    `<circle cx="${cx}" cy="${200 - r}" r="${r}" fill="none" stroke="${WHEEL}" stroke-width="7"/>` +
    [0, 30, 60, 90, 120, 150]
      .map((a) => {
        const rad = (a * Math.PI) / 180;
        const dx = Math.cos(rad) * r;
        const dy = Math.sin(rad) * r;
        return `<line x1="${cx - dx}" y1="${200 - r - dy}" x2="${cx + dx}" y2="${200 - r + dy}" stroke="#8a9096" stroke-width="1.5"/>`;
      })
      .join('') +
    `<circle cx="${cx}" cy="${200 - r}" r="5" fill="${TRIM}"/>`;
  switch (kind) {
    case 'car':
      return `
        <path d="M18,178 Q16,146 48,140 L112,132 L152,92 Q162,84 178,84 L262,84 Q279,84 292,96 L334,132 L372,140 Q394,146 394,166 L394,180 Q394,190 382,190 L30,190 Q18,190 18,178 Z" fill="${body}" ${outline}/>
        <path d="M160,130 L184,96 L226,96 L226,130 Z" fill="${GLASS}"/>
        <path d="M236,130 L236,96 L274,96 Q282,96 288,103 L314,130 Z" fill="${GLASS}"/>
        <rect x="372" y="150" width="18" height="8" rx="3" fill="#fff3c4"/>
        <rect x="20" y="152" width="12" height="8" rx="3" fill="#e2534a"/>
        <line x1="230" y1="138" x2="246" y2="138" stroke="${TRIM}" stroke-width="3"/>
        ${wheel(100, 32)}${wheel(310, 32)}`;
    case 'truck':
      return `
        <rect x="14" y="52" width="250" height="122" rx="6" fill="${body}" ${outline}/>
        <rect x="24" y="62" width="230" height="6" fill="#ffffff55"/>
        <path d="M270,176 L270,84 Q270,72 282,72 L326,72 Q342,72 350,88 L376,128 Q392,132 392,146 L392,176 Z" fill="${body}" ${outline}/>
        <path d="M286,84 L326,84 Q334,84 338,92 L358,124 L286,124 Z" fill="${GLASS}"/>
        <rect x="14" y="172" width="380" height="10" fill="${TRIM}"/>
        <rect x="378" y="140" width="14" height="8" rx="2" fill="#fff3c4"/>
        ${wheel(64, 27)}${wheel(124, 27)}${wheel(332, 27)}`;
    case 'motorcycle':
      return `
        ${spokeWheel(78, 44)}${spokeWheel(322, 44)}
        <path d="M78,156 L168,120 L262,118 L322,156" fill="none" stroke="${TRIM}" stroke-width="8" stroke-linejoin="round"/>
        <rect x="160" y="124" width="72" height="46" rx="9" fill="#555b62"/>
        <path d="M36,142 Q78,98 132,112 L130,124 Q84,112 50,150 Z" fill="${body}"/>
        <path d="M166,112 Q196,80 250,88 L264,114 Q216,120 166,120 Z" fill="${body}" ${outline}/>
        <path d="M112,110 Q136,96 172,104 L172,116 L112,118 Z" fill="#2a2d31"/>
        <line x1="262" y1="92" x2="322" y2="156" stroke="#80868c" stroke-width="8"/>
        <path d="M246,82 L270,70 L284,72" fill="none" stroke="${TRIM}" stroke-width="6" stroke-linecap="round"/>
        <circle cx="284" cy="100" r="10" fill="#fff3c4"/>`;
    case 'bicycle':
      return `
        ${spokeWheel(88, 56)}${spokeWheel(312, 56)}
        <path d="M88,144 L176,144 L254,82 L150,82 Z M176,144 L140,60 M254,82 L312,144" fill="none" stroke="${body}" stroke-width="9" stroke-linejoin="round" stroke-linecap="round"/>
        <path d="M118,56 Q140,48 164,56 L160,62 L122,62 Z" fill="#2a2d31"/>
        <path d="M246,60 L264,58 L276,74" fill="none" stroke="${TRIM}" stroke-width="6" stroke-linecap="round"/>
        <line x1="254" y1="82" x2="250" y2="60" stroke="${body}" stroke-width="8"/>
        <circle cx="176" cy="144" r="12" fill="none" stroke="${TRIM}" stroke-width="4"/>`;
    case 'scooter':
      return `
        <rect x="82" y="160" width="206" height="14" rx="7" fill="${body}" ${outline}/>
        <path d="M66,174 Q92,140 120,170" fill="${body}"/>
        <line x1="300" y1="176" x2="276" y2="36" stroke="${body}" stroke-width="12" stroke-linecap="round"/>
        <line x1="250" y1="36" x2="306" y2="32" stroke="${TRIM}" stroke-width="9" stroke-linecap="round"/>
        <rect x="268" y="50" width="16" height="10" rx="2" fill="${GLASS}"/>
        <line x1="288" y1="170" x2="318" y2="176" stroke="${TRIM}" stroke-width="6"/>
        ${wheel(96, 24)}${wheel(318, 24)}`;
  }
}

/** One scene, 4:3. Variants: side view, mirrored and smaller, a close crop, a tilted view. */
export function vehicleSvg(kind: VehicleKind, colorName: string, variant: number): string {
  const body = colorHex(colorName);
  const [skyTop, skyBottom, floor] = BACKGROUNDS[(variant + kind.length) % BACKGROUNDS.length]!;
  const framings = [
    'translate(600 470) scale(2.2) translate(-206 -120)',
    'translate(600 520) scale(-1.7 1.7) translate(-206 -120)',
    'translate(520 430) scale(3.4) translate(-206 -120)',
    'translate(600 480) rotate(-5) scale(2) translate(-206 -120)',
  ];
  const framing = framings[variant % framings.length]!;
  const sunX = [980, 220, 1040, 300][variant % 4]!;
  // Just under the wheels of each framing, so the vehicle stands on the floor.
  const shadowY = [650, 660, 706, 646][variant % 4]!;
  // Drawn on a 1200 x 900 board, rasterised at 960 x 720: plenty for a demo and quicker to seed.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720" viewBox="0 0 1200 900">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>
  <rect width="1200" height="900" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="170" r="90" fill="#ffffff" opacity="0.55"/>
  <rect y="590" width="1200" height="310" fill="${floor}"/>
  <rect y="590" width="1200" height="5" fill="#00000010"/>
  <ellipse cx="${variant === 2 ? 520 : 600}" cy="${shadowY}" rx="${[430, 330, 640, 400][variant % 4]}" ry="22" fill="#000000" opacity="0.14"/>
  <g transform="${framing}">${silhouette(kind, body)}</g>
</svg>`;
}

/** Renders a scene to the large and thumbnail WebP images an upload would produce. */
export async function renderVehicleArt(kind: VehicleKind, colorName: string, variant: number): Promise<EncodedImage> {
  // Rasterised once, then encoded like an upload; a low WebP effort keeps the seed quick.
  const png = await sharp(Buffer.from(vehicleSvg(kind, colorName, variant)))
    .png({ compressionLevel: 0 })
    .toBuffer();
  return encodeImageVariants(png, { effort: 1 });
}
