import { createHash } from "node:crypto";
import sharp from "sharp";
import { ensureFonts } from "./fonts.ts";

/*
 * The demo's greeting posts are drawn, not shipped: the seed only writes rows whose url is
 * /uploads/demo/greetings/<slug>.jpg, and the first read of such a file renders it (an SVG
 * through sharp) and stores it. Seeding stays instant; the first daily-image page pays ~20 ms a post.
 */

export const DEMO_PREFIX = "demo/greetings/";

const LINES = ["Wishing you joy and prosperity", "Warm wishes to you and your family", "Have a wonderful day", "Celebrate with happiness"];

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "diwali-2" → ("Diwali", 2); "good-morning-0-lq" → ("Good Morning", 0, low quality); "valentine-s-day" → "Valentine's Day". */
export function parseDemoSlug(slug: string) {
  const m = /^([a-z0-9-]+?)-(\d+)(-story)?(-lq)?$/.exec(slug);
  if (!m) return null;
  const words: string[] = [];
  for (const w of m[1].split("-")) {
    // The slug dropped the apostrophe of a possessive: put it back.
    if (w === "s" && words.length) words[words.length - 1] += "'s";
    else words.push(w.charAt(0).toUpperCase() + w.slice(1));
  }
  return { title: words.join(" "), n: Number(m[2]), story: !!m[3], lowQuality: !!m[4] };
}

const FESTIVALS = new Set(["Diwali", "Holi", "Christmas", "New Year", "Makar Sankranti", "Pongal", "Onam", "Eid", "Navratri", "Dussehra", "Raksha Bandhan", "Ganesh Chaturthi", "Baisakhi", "Lohri"]);

/**
 * "Happy" above a festival or a day ("Happy Diwali", "Happy Republic Day"), nothing above the
 * rest: a greeting like "Good Morning" or a business's category ("Sweet Shop") reads as it is.
 */
export const demoLeadWord = (title: string) => (FESTIVALS.has(title) || /\b(Day|Jayanti)$/.test(title) ? "Happy" : null);

export const demoSlug = (name: string, n: number, story = false) =>
  `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}-${n}${story ? "-story" : ""}`;

/** A greeting image for a demo slug (JPEG), or null when the slug is not one of ours. */
export async function renderDemoImage(slug: string): Promise<Buffer | null> {
  const p = parseDemoSlug(slug);
  if (!p) return null;
  await ensureFonts();
  const hue = createHash("sha1").update(p.title).digest()[0] * 1.4 + p.n * 47;
  const W = 1080;
  const H = p.story ? 1920 : 1080;
  const a = `hsl(${hue % 360},70%,45%)`;
  const b = `hsl(${(hue + 60) % 360},75%,62%)`;
  const c = `hsl(${(hue + 180) % 360},80%,85%)`;
  const cy = H * 0.4;
  const lead = demoLeadWord(p.title);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#g)"/>
<circle cx="${W * 0.82}" cy="${H * 0.16}" r="${150 + p.n * 20}" fill="${c}" fill-opacity="0.35"/>
<circle cx="${W * 0.12}" cy="${H * 0.62}" r="${110 + p.n * 15}" fill="#ffffff" fill-opacity="0.18"/>
<circle cx="${W * 0.55}" cy="${H * 0.05}" r="60" fill="#ffffff" fill-opacity="0.22"/>
${lead ? `<text x="${W / 2}" y="${cy - 40}" font-family="Noto Sans" font-size="54" fill="#ffffff" text-anchor="middle" fill-opacity="0.9">${lead}</text>` : ""}
<text x="${W / 2}" y="${cy + 60}" font-family="Noto Sans" font-weight="bold" font-size="${Math.min(110, Math.floor(1700 / Math.max(8, p.title.length)))}" fill="#ffffff" text-anchor="middle">${escapeXml(p.title)}</text>
<text x="${W / 2}" y="${cy + 140}" font-family="Noto Sans" font-size="40" fill="#ffffff" text-anchor="middle" fill-opacity="0.92">${escapeXml(LINES[p.n % LINES.length])}</text>
</svg>`;
  // A preview is rasterised at a third of the size directly (density), not drawn big and shrunk.
  if (p.lowQuality) return sharp(Buffer.from(svg), { density: 24 }).resize(360).jpeg({ quality: 60, mozjpeg: true }).toBuffer();
  const image = sharp(Buffer.from(svg));
  return image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}
