import { createHash } from "node:crypto";
import { drawGreeting, type Palette } from "./greeting-art.ts";
import type { Motif } from "./motifs.ts";

/*
 * The demo's greeting posts are drawn, not shipped: the seed only writes rows whose url is
 * /uploads/demo/greetings/<slug>.jpg, and the first read of such a file renders it (an SVG
 * through sharp) and stores it. Seeding stays instant; the first daily-image page pays ~20 ms a post.
 */

export const DEMO_PREFIX = "demo/greetings/";

const LINES = [
  "Wishing you joy and prosperity",
  "Warm wishes to you and your family",
  "Have a wonderful day",
  "Celebrate with happiness",
];

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
  return {
    title: words.join(" "),
    n: Number(m[2]),
    story: !!m[3],
    lowQuality: !!m[4],
  };
}

const FESTIVALS = new Set([
  "Diwali",
  "Holi",
  "Christmas",
  "New Year",
  "Makar Sankranti",
  "Pongal",
  "Onam",
  "Eid",
  "Navratri",
  "Dussehra",
  "Raksha Bandhan",
  "Ganesh Chaturthi",
  "Baisakhi",
  "Lohri",
]);

/**
 * "Happy" above a festival or a day ("Happy Diwali", "Happy Republic Day"), nothing above the
 * rest: a greeting like "Good Morning" or a business's category ("Sweet Shop") reads as it is.
 */
export const demoLeadWord = (title: string) =>
  FESTIVALS.has(title) || /\b(Day|Jayanti)$/.test(title) ? "Happy" : null;

export const demoSlug = (name: string, n: number, story = false) =>
  `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}-${n}${story ? "-story" : ""}`;

/** The motifs and colours of a demo post's title: festivals get their own, other themes flowers. */
function demoLook(title: string): { motifs: Motif[]; palette: Palette } {
  const t = title.toLowerCase();
  if (/republic|independence|gandhi/.test(t))
    return { motifs: ["tricolour", "flowers", "tricolour"], palette: "flag" };
  if (/diwali/.test(t))
    return { motifs: ["diya", "lantern", "rangoli"], palette: "night" };
  if (/sankranti|pongal|lohri/.test(t))
    return { motifs: ["kite", "sun", "kite"], palette: "sky" };
  if (/holi/.test(t))
    return { motifs: ["colours", "flowers", "colours"], palette: "rose" };
  if (/christmas|new year/.test(t))
    return { motifs: ["star", "lantern", "star"], palette: "leaf" };
  if (/morning/.test(t))
    return { motifs: ["sun", "flowers", "flowers"], palette: "dawn" };
  if (/shubh|jayanti/.test(t))
    return { motifs: ["diya", "toran", "rangoli"], palette: "saffron" };
  const palettes: Palette[] = ["royal", "rose", "sky", "leaf", "saffron"];
  return {
    motifs: ["flowers", "lotus", "toran"],
    palette:
      palettes[createHash("sha1").update(title).digest()[0] % palettes.length],
  };
}

/** A greeting image for a demo slug (JPEG), or null when the slug is not one of ours. */
export async function renderDemoImage(slug: string): Promise<Buffer | null> {
  const p = parseDemoSlug(slug);
  if (!p) return null;
  const lead = demoLeadWord(p.title);
  return drawGreeting(
    {
      headline: lead ? `${lead} ${p.title}` : p.title,
      subline: LINES[p.n % LINES.length],
      ...demoLook(p.title),
      layout: p.n,
      story: p.story,
    },
    p.lowQuality,
  );
}
