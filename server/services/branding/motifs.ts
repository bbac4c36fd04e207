/*
 * Festival motifs as vector art (SVG fragments), drawn in a 200×200 box around (0,0)…(200,200).
 * Each is placed with a transform by the layouts in greeting-art.ts. Kept as plain shapes
 * (paths, circles, gradients by id) so librsvg draws them the same on every machine.
 */

const MOTIFS = [
  "diya",
  "rangoli",
  "kite",
  "lantern",
  "tricolour",
  "flowers",
  "sun",
  "moon",
  "colours",
  "star",
  "toran",
  "lotus",
] as const;
export type Motif = (typeof MOTIFS)[number];

const petals = (
  n: number,
  r: number,
  len: number,
  width: number,
  fill: string,
  rotate = 0,
) =>
  Array.from(
    { length: n },
    (_, i) =>
      `<ellipse cx="100" cy="${100 - r - len / 2}" rx="${width}" ry="${len / 2}" fill="${fill}" transform="rotate(${(360 / n) * i + rotate} 100 100)"/>`,
  ).join("");

/** A marigold: rings of petals, orange to yellow. */
const marigold = (cx: number, cy: number, s: number) =>
  `<g transform="translate(${cx - 100 * s} ${cy - 100 * s}) scale(${s})">${petals(14, 18, 46, 13, "#f97316")}${petals(12, 10, 36, 11, "#fb923c", 15)}${petals(10, 4, 26, 9, "#facc15")}<circle cx="100" cy="100" r="14" fill="#ca8a04"/></g>`;

const DRAW: Record<Motif, () => string> = {
  // An oil lamp: a clay bowl with a rim, the wick's flame with a glow.
  diya: () => `<g>
<circle cx="100" cy="78" r="46" fill="#fde68a" fill-opacity="0.35"/><circle cx="100" cy="82" r="28" fill="#fde68a" fill-opacity="0.45"/>
<path d="M100 42 C114 64 116 82 100 98 C84 82 86 64 100 42 Z" fill="#f59e0b"/>
<path d="M100 60 C107 72 108 84 100 94 C92 84 93 72 100 60 Z" fill="#fff7ed"/>
<path d="M24 108 L176 108 C170 150 140 172 100 172 C60 172 30 150 24 108 Z" fill="#b45309"/>
<path d="M24 108 L176 108 C174 118 168 124 160 126 L40 126 C32 124 26 118 24 108 Z" fill="#92400e"/>
<path d="M46 140 Q100 160 154 140" stroke="#fcd34d" stroke-width="5" fill="none"/>
<circle cx="70" cy="150" r="5" fill="#fcd34d"/><circle cx="100" cy="156" r="5" fill="#fcd34d"/><circle cx="130" cy="150" r="5" fill="#fcd34d"/>
<ellipse cx="100" cy="180" rx="56" ry="8" fill="#000" fill-opacity="0.18"/></g>`,
  // A rangoli: concentric petal rings and dots, the colours of powdered chalk.
  rangoli: () => `<g>
<circle cx="100" cy="100" r="96" fill="#fff" fill-opacity="0.12"/>
${petals(16, 58, 34, 10, "#e11d48")}${petals(12, 36, 28, 10, "#f59e0b", 15)}${petals(8, 16, 24, 9, "#16a34a")}
<circle cx="100" cy="100" r="18" fill="#7c3aed"/><circle cx="100" cy="100" r="8" fill="#fde047"/>
${Array.from({ length: 24 }, (_, i) => `<circle cx="100" cy="6" r="4" fill="#fff" transform="rotate(${i * 15} 100 100)"/>`).join("")}</g>`,
  // A kite with its tail and string (Uttarayan, Makar Sankranti).
  kite: () => `<g>
<path d="M100 10 L160 80 L100 160 L40 80 Z" fill="#e11d48"/>
<path d="M100 10 L160 80 L100 80 Z" fill="#f59e0b"/><path d="M40 80 L100 160 L100 80 Z" fill="#2563eb"/>
<path d="M100 10 L100 160 M40 80 L160 80" stroke="#fff" stroke-width="3"/>
<path d="M100 160 Q84 176 100 186 Q116 196 100 200" stroke="#7c2d12" stroke-width="3" fill="none"/>
<path d="M92 170 L100 178 L108 170 Z" fill="#16a34a"/><path d="M92 188 L100 196 L108 188 Z" fill="#16a34a"/>
<path d="M100 160 Q150 190 200 170" stroke="#fff" stroke-opacity="0.7" stroke-width="2" fill="none"/></g>`,
  // A hanging paper lantern (akash kandil) with a tassel.
  lantern: () => `<g>
<line x1="100" y1="0" x2="100" y2="30" stroke="#fde68a" stroke-width="3"/>
<rect x="80" y="28" width="40" height="12" rx="3" fill="#b45309"/>
<path d="M100 40 C160 48 168 120 100 150 C32 120 40 48 100 40 Z" fill="#dc2626"/>
<path d="M100 40 C130 52 132 120 100 150 C68 120 70 52 100 40 Z" fill="#f97316"/>
<path d="M100 40 C112 60 112 120 100 150 C88 120 88 60 100 40 Z" fill="#fde047"/>
<ellipse cx="100" cy="95" rx="62" ry="10" fill="none" stroke="#fef3c7" stroke-width="3"/>
<rect x="84" y="150" width="32" height="10" rx="3" fill="#b45309"/>
${[88, 96, 104, 112].map((x) => `<line x1="${x}" y1="160" x2="${x}" y2="196" stroke="#facc15" stroke-width="3"/>`).join("")}</g>`,
  // India's flag: saffron, white with the 24-spoke Ashoka Chakra, green; on a pole.
  tricolour: () => `<g>
<rect x="18" y="8" width="8" height="190" rx="3" fill="#78716c"/>
<path d="M26 20 Q104 6 190 22 L190 70 Q104 54 26 68 Z" fill="#ff9933"/>
<path d="M26 68 Q104 54 190 70 L190 118 Q104 102 26 116 Z" fill="#ffffff"/>
<path d="M26 116 Q104 102 190 118 L190 166 Q104 150 26 164 Z" fill="#138808"/>
<circle cx="108" cy="90" r="20" fill="none" stroke="#000080" stroke-width="3"/>
${Array.from({ length: 24 }, (_, i) => `<line x1="108" y1="90" x2="108" y2="71" stroke="#000080" stroke-width="1.2" transform="rotate(${i * 15} 108 90)"/>`).join("")}
<circle cx="108" cy="90" r="4" fill="#000080"/></g>`,
  // A cluster of marigolds with leaves.
  flowers: () => `<g>
<path d="M40 150 Q60 110 100 120 Q80 160 40 150 Z" fill="#15803d"/><path d="M160 150 Q140 110 100 120 Q120 160 160 150 Z" fill="#16a34a"/>
${marigold(100, 80, 0.55)}${marigold(52, 118, 0.4)}${marigold(148, 118, 0.4)}</g>`,
  // A rising sun over hills (daily greetings).
  sun: () => `<g>
${Array.from({ length: 12 }, (_, i) => `<path d="M96 10 L104 10 L100 40 Z" fill="#fbbf24" transform="rotate(${i * 30} 100 100)"/>`).join("")}
<circle cx="100" cy="100" r="50" fill="#f59e0b"/><circle cx="100" cy="100" r="40" fill="#fcd34d"/>
<path d="M0 170 Q50 130 100 160 Q150 130 200 170 L200 200 L0 200 Z" fill="#16a34a"/></g>`,
  // A crescent moon and stars (night, Eid).
  moon: () => `<g>
<circle cx="100" cy="100" r="70" fill="#fef3c7"/><circle cx="128" cy="84" r="62" fill="#1e1b4b"/>
${[
  [40, 40, 5],
  [170, 150, 4],
  [160, 30, 6],
  [60, 175, 3],
  [180, 90, 3],
]
  .map(
    ([x, y, r]) =>
      `<path d="M${x} ${y - r * 2} L${x + r / 2} ${y - r / 2} L${x + r * 2} ${y} L${x + r / 2} ${y + r / 2} L${x} ${y + r * 2} L${x - r / 2} ${y + r / 2} L${x - r * 2} ${y} L${x - r / 2} ${y - r / 2} Z" fill="#fde68a"/>`,
  )
  .join("")}</g>`,
  // Splashes of gulal (Holi).
  colours: () => `<g>
<circle cx="60" cy="70" r="46" fill="#ec4899" fill-opacity="0.85"/><circle cx="140" cy="64" r="40" fill="#22c55e" fill-opacity="0.85"/>
<circle cx="104" cy="130" r="50" fill="#3b82f6" fill-opacity="0.8"/><circle cx="160" cy="150" r="28" fill="#facc15" fill-opacity="0.9"/>
<circle cx="40" cy="150" r="24" fill="#a855f7" fill-opacity="0.85"/>
${[
  [20, 20],
  [190, 20],
  [100, 12],
  [186, 104],
  [12, 106],
  [100, 196],
]
  .map(
    ([x, y], i) =>
      `<circle cx="${x}" cy="${y}" r="${6 + (i % 3) * 3}" fill="${["#f43f5e", "#84cc16", "#06b6d4"][i % 3]}"/>`,
  )
  .join("")}</g>`,
  // A five-pointed star lantern (Christmas, New Year).
  star: () => `<g>
<line x1="100" y1="0" x2="100" y2="24" stroke="#fde68a" stroke-width="3"/>
<path d="M100 24 L122 80 L182 82 L134 118 L152 176 L100 142 L48 176 L66 118 L18 82 L78 80 Z" fill="#facc15" stroke="#f59e0b" stroke-width="4"/>
<path d="M100 56 L112 88 L146 89 L119 109 L129 142 L100 123 L71 142 L81 109 L54 89 L88 88 Z" fill="#fef9c3"/></g>`,
  // A toran: mango leaves and marigolds across the top (doorway garland).
  toran: () => `<g>
<path d="M0 20 Q100 50 200 20" stroke="#ca8a04" stroke-width="4" fill="none"/>
${Array.from({ length: 9 }, (_, i) => {
  const x = 12 + i * 22;
  const y = 24 + Math.sin((i / 8) * Math.PI) * 16;
  return i % 2
    ? `<path d="M${x} ${y} Q${x + 9} ${y + 30} ${x} ${y + 52} Q${x - 9} ${y + 30} ${x} ${y} Z" fill="#15803d"/>`
    : `<circle cx="${x}" cy="${y + 12}" r="9" fill="#f97316"/><circle cx="${x}" cy="${y + 12}" r="4" fill="#facc15"/>`;
}).join("")}</g>`,
  // A lotus (Ganesh Chaturthi, Janmashtami, Onam).
  lotus: () => `<g>
<path d="M100 40 C124 70 124 120 100 150 C76 120 76 70 100 40 Z" fill="#f472b6"/>
<path d="M100 150 C60 140 40 100 44 70 C70 84 92 112 100 150 Z" fill="#ec4899"/>
<path d="M100 150 C140 140 160 100 156 70 C130 84 108 112 100 150 Z" fill="#ec4899"/>
<path d="M100 150 C56 156 20 130 12 110 C44 106 80 124 100 150 Z" fill="#db2777"/>
<path d="M100 150 C144 156 180 130 188 110 C156 106 120 124 100 150 Z" fill="#db2777"/>
<ellipse cx="100" cy="164" rx="70" ry="12" fill="#15803d"/></g>`,
};

/** One motif's SVG, placed with its top-left at (x, y) and drawn size×size. */
export function motif(
  name: Motif,
  x: number,
  y: number,
  size: number,
  opacity = 1,
) {
  return `<g transform="translate(${x} ${y}) scale(${size / 200})" opacity="${opacity}">${DRAW[name]()}</g>`;
}

/** A border of small rangoli dots and a marigold at each corner: frames a typographic layout. */
export function garlandBorder(W: number) {
  const dots: string[] = [];
  for (let x = 60; x < W - 40; x += 36)
    dots.push(`<circle cx="${x}" cy="40" r="6" fill="#fde68a"/>`);
  return `${dots.join("")}${marigold(40, 40, 0.3)}${marigold(W - 40, 40, 0.3)}`;
}
