import sharp from 'sharp';

/**
 * Illustrations for the demo site, drawn here (no stock photos in the repository): calm compositions
 * in the site's blues that read as "Basel, the Rhine, workshops" without pretending to be photos.
 */
const W = 1600;
const H = 1000;

const frame = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;

function rhine(): string {
  const waves = [0, 1, 2, 3, 4]
    .map((i) => {
      const y = 640 + i * 70;
      return `<path d="M0 ${y} C 300 ${y - 40}, 500 ${y + 40}, 800 ${y} S 1300 ${y - 40}, 1600 ${y} V ${H} H 0 Z" fill="#1e3a8a" opacity="${0.35 + i * 0.12}"/>`;
    })
    .join('');
  const roofs =
    'M0 600 L80 600 L80 540 L140 500 L200 540 L200 600 L260 600 L260 470 L300 430 L340 470 L340 600 L420 600 L420 520 L520 520 L520 600 L600 600 L600 380 L615 300 L630 380 L630 600 L660 600 L660 380 L675 300 L690 380 L690 600 L780 600 L780 500 L880 500 L880 600 L980 600 L980 540 L1060 480 L1140 540 L1140 600 L1260 600 L1260 520 L1380 520 L1380 600 L1600 600 V 640 H 0 Z';
  return frame(
    '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="0.55" stop-color="#1d4ed8"/><stop offset="1" stop-color="#93c5fd"/></linearGradient>',
    `<rect width="${W}" height="${H}" fill="url(#sky)"/><circle cx="1180" cy="330" r="120" fill="#fde68a" opacity="0.85"/><path d="${roofs}" fill="#0b1220" opacity="0.9"/>${waves}`,
  );
}

function workshop(): string {
  const notes = [
    [220, 240, '#fde68a', -4],
    [430, 220, '#bfdbfe', 3],
    [640, 250, '#fecaca', -2],
    [850, 230, '#bbf7d0', 4],
    [260, 470, '#bfdbfe', 2],
    [470, 500, '#fde68a', -3],
    [680, 480, '#bbf7d0', 2],
    [890, 460, '#fde68a', -4],
  ]
    .map(
      ([x, y, color, r]) =>
        `<g transform="rotate(${r} ${Number(x) + 80} ${Number(y) + 80})"><rect x="${x}" y="${y}" width="160" height="160" rx="6" fill="${color}"/><rect x="${Number(x) + 20}" y="${Number(y) + 40}" width="110" height="10" rx="5" fill="#334155" opacity="0.35"/><rect x="${Number(x) + 20}" y="${Number(y) + 66}" width="80" height="10" rx="5" fill="#334155" opacity="0.25"/></g>`,
    )
    .join('');
  return frame(
    '<linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="#dbeafe"/></linearGradient>',
    `<rect width="${W}" height="${H}" fill="url(#wall)"/><rect x="160" y="150" width="1000" height="620" rx="18" fill="#ffffff" stroke="#cbd5e1" stroke-width="4"/>${notes}<rect x="1240" y="180" width="220" height="560" rx="110" fill="#1d4ed8" opacity="0.12"/><circle cx="1350" cy="330" r="70" fill="#1d4ed8" opacity="0.85"/><rect x="1270" y="420" width="160" height="260" rx="80" fill="#1d4ed8" opacity="0.85"/>`,
  );
}

function growth(): string {
  const bars = [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const h = 140 + i * 85;
      return `<rect x="${300 + i * 170}" y="${800 - h}" width="110" height="${h}" rx="12" fill="#1d4ed8" opacity="${0.45 + i * 0.1}"/>`;
    })
    .join('');
  const grid = [0, 1, 2, 3, 4]
    .map(
      (i) => `<line x1="220" x2="1380" y1="${300 + i * 125}" y2="${300 + i * 125}" stroke="#cbd5e1" stroke-width="3"/>`,
    )
    .join('');
  return frame(
    '<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eff6ff"/><stop offset="1" stop-color="#ffffff"/></linearGradient>',
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>${grid}${bars}<path d="M300 640 C 560 600, 760 470, 1000 380 S 1260 220, 1340 200" fill="none" stroke="#0f172a" stroke-width="10" stroke-linecap="round"/><circle cx="1340" cy="200" r="22" fill="#0f172a"/>`,
  );
}

function bridge(): string {
  const arches = [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<path d="M${140 + i * 270} 720 Q ${275 + i * 270} 560 ${410 + i * 270} 720" fill="none" stroke="#e2e8f0" stroke-width="26"/>`,
    )
    .join('');
  return frame(
    '<linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="0.6" stop-color="#6366f1"/><stop offset="1" stop-color="#f0abfc"/></linearGradient>',
    `<rect width="${W}" height="${H}" fill="url(#dusk)"/><rect y="720" width="${W}" height="40" fill="#e2e8f0"/>${arches}<rect y="760" width="${W}" height="240" fill="#0f172a" opacity="0.85"/><path d="M0 850 C 400 820, 800 880, 1600 840" stroke="#93c5fd" stroke-width="6" fill="none" opacity="0.5"/>`,
  );
}

export const DEMO_IMAGES = [
  {
    name: 'rhein-abend.jpg',
    alt: 'Illustration: Basler Altstadt und Münster am Rhein in der Abenddämmerung',
    svg: rhine,
  },
  { name: 'workshop.jpg', alt: 'Illustration: Moderationswand mit Karten aus einem Strategie-Workshop', svg: workshop },
  { name: 'wachstum.jpg', alt: 'Illustration: steigende Kennzahlen nach der Umsetzung', svg: growth },
  { name: 'rheinbruecke.jpg', alt: 'Illustration: Rheinbrücke in Basel bei Sonnenuntergang', svg: bridge },
] as const;

/** One illustration as a JPEG. */
export function renderDemoImage(svg: () => string): Promise<Buffer> {
  return sharp(Buffer.from(svg())).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}
