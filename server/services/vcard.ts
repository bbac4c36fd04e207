/**
 * vCard 3.0 (RFC 2426) for "Save contact". 3.0 rather than 4.0: Android's contacts app
 * mis-reads 4.0. Lines end in CRLF and are folded at 75 octets without splitting a UTF-8
 * character; text values escape backslash, comma, semicolon and newlines.
 */

export type VCardInput = {
  /** The person's name as typed ("Dr. Lakshmi Iyer"); falls back to the organisation. */
  name?: string;
  organisation?: string;
  title?: string;
  phones?: { number: string; type: "CELL" | "WORK" }[];
  emails?: string[];
  address?: string;
  /** The card's public URL first, then the business website. */
  urls?: string[];
  note?: string;
  /** Other names: the card's names in its second language (ADR 0075). */
  nicknames?: string[];
  /** A small JPEG, embedded as base64 (iPhones drop photos given by URL). */
  photoJpeg?: Buffer;
};

const HONORIFICS = new Set(["mr.", "ms.", "mrs.", "dr.", "mr", "ms", "mrs", "dr", "shri", "smt.", "smt", "prof.", "prof"]);

/** Escape a TEXT value (RFC 2426 §5, 6350 §3.4). */
export function escapeText(value: string) {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/,/g, "\\,")
    .replace(/;/g, "\\;")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Fold one logical line into physical lines of at most 75 octets (continuations start with a space). */
export function foldLine(line: string, limit = 75) {
  const out: string[] = [];
  let current = "";
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, "utf8");
    // A continuation line carries one leading space, which counts towards its 75 octets.
    const max = out.length === 0 ? limit : limit - 1;
    if (bytes + size > max) {
      out.push(current);
      current = "";
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.map((l, i) => (i === 0 ? l : ` ${l}`)).join("\r\n");
}

/** "Dr. Lakshmi Iyer" → family Iyer, given Lakshmi, prefix Dr. */
export function splitName(full: string) {
  const words = full.trim().split(/\s+/).filter(Boolean);
  const prefix: string[] = [];
  while (words.length > 1 && HONORIFICS.has(words[0].toLowerCase())) prefix.push(words.shift()!);
  const family = words.length > 1 ? words.pop()! : "";
  return { family, given: words.join(" "), prefix: prefix.join(" ") };
}

export function buildVCard(v: VCardInput) {
  const lines: string[] = ["BEGIN:VCARD", "VERSION:3.0"];
  const display = (v.name || v.organisation || "Contact").trim();
  if (v.name?.trim()) {
    const n = splitName(v.name);
    lines.push(`N:${[n.family, n.given, "", n.prefix, ""].map(escapeText).join(";")}`);
  } else {
    // N is required in 3.0; a business without a person's name files under the organisation.
    lines.push(`N:${escapeText(display)};;;;`);
  }
  lines.push(`FN:${escapeText(display)}`);
  if (v.organisation?.trim()) lines.push(`ORG:${escapeText(v.organisation.trim())}`);
  // NICKNAME is a comma-separated list of texts (RFC 2426 §3.1.3): each one escaped on its own.
  if (v.nicknames?.length) lines.push(`NICKNAME:${v.nicknames.map(escapeText).join(",")}`);
  if (v.title?.trim()) lines.push(`TITLE:${escapeText(v.title.trim())}`);
  const seen = new Set<string>();
  for (const p of v.phones ?? []) {
    const key = p.number.replace(/[^\d+]/g, "");
    if (!key || seen.has(key)) continue;
    seen.add(key);
    lines.push(p.type === "CELL" ? `TEL;TYPE=CELL:${p.number}` : `TEL;TYPE=WORK,VOICE:${p.number}`);
  }
  for (const e of new Set(v.emails?.filter(Boolean))) lines.push(`EMAIL;TYPE=INTERNET:${escapeText(e)}`);
  if (v.address?.trim()) lines.push(`ADR;TYPE=WORK:;;${escapeText(v.address.trim())};;;;`);
  // URL is a URI value: no TEXT escaping (a comma in a URL is part of it).
  for (const u of new Set(v.urls?.filter(Boolean))) lines.push(`URL:${u.replace(/[\r\n]/g, "")}`);
  if (v.note?.trim()) lines.push(`NOTE:${escapeText(v.note.trim())}`);
  if (v.photoJpeg?.length) lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${v.photoJpeg.toString("base64")}`);
  lines.push("END:VCARD");
  return lines.map((l) => foldLine(l)).join("\r\n") + "\r\n";
}
