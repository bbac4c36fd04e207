import { inflateSync } from "node:zlib";

/**
 * WOFF 1.0 → plain sfnt (TrueType/OpenType): WOFF 1 is only zlib-compressed sfnt tables. The PDF
 * cards use it so fontkit does not inflate the tables in pure JS for every document; the
 * greeting frames because FreeType inside sharp cannot read WOFF. Anything else is returned as is.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) return woff; // not WOFF: already an sfnt
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const e = 44 + i * 20;
    const [tag, offset, compLength, origLength, checksum] = [woff.readUInt32BE(e), woff.readUInt32BE(e + 4), woff.readUInt32BE(e + 8), woff.readUInt32BE(e + 12), woff.readUInt32BE(e + 16)];
    const raw = woff.subarray(offset, offset + compLength);
    return { tag, checksum, data: compLength < origLength ? inflateSync(raw) : raw };
  });
  const headerSize = 12 + 16 * numTables;
  const size = tables.reduce((n, t) => n + ((t.data.length + 3) & ~3), headerSize);
  const out = Buffer.alloc(size);
  out.writeUInt32BE(woff.readUInt32BE(4), 0); // flavor
  let p2 = 1;
  let log = 0;
  while (p2 * 2 <= numTables) {
    p2 *= 2;
    log++;
  }
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(p2 * 16, 6);
  out.writeUInt16BE(log, 8);
  out.writeUInt16BE(numTables * 16 - p2 * 16, 10);
  let at = headerSize;
  tables.forEach((t, i) => {
    const e = 12 + i * 16;
    out.writeUInt32BE(t.tag, e);
    out.writeUInt32BE(t.checksum, e + 4);
    out.writeUInt32BE(at, e + 8);
    out.writeUInt32BE(t.data.length, e + 12);
    t.data.copy(out, at);
    at += (t.data.length + 3) & ~3;
  });
  return out;
}
