/*
 * GST on a customer's plan receipt (ADR 0042). Zod-free: the receipt page uses it on the server.
 *
 * - Plan prices are GST-inclusive: the price the customer pays is the total; nothing in the plans
 *   adds tax on top, so the receipt splits the total into taxable value + GST.
 * - The rate is 18% (digital services); plans carry no rate of their own.
 * - Only a seller with a GSTIN charges GST: without one there is no breakup at all.
 * - Place of supply: the state named in the buyer's address; when none is named, the seller's
 *   own state (IGST Act s. 12(2)(b): the recipient's address is not on record). The same state
 *   (or no state found) is CGST + SGST (UTGST in a Union Territory without a legislature), half
 *   each; another state is IGST.
 */

export const PLAN_GST_PERCENT = 18;

/** GST state codes (the first two digits of a GSTIN) and the names an address may carry. */
const STATES: Record<string, { name: string; aliases?: string[]; ut?: boolean }> = {
  "01": { name: "Jammu and Kashmir", aliases: ["Jammu & Kashmir"] },
  "02": { name: "Himachal Pradesh" },
  "03": { name: "Punjab" },
  "04": { name: "Chandigarh", ut: true },
  "05": { name: "Uttarakhand" },
  "06": { name: "Haryana" },
  "07": { name: "Delhi" },
  "08": { name: "Rajasthan" },
  "09": { name: "Uttar Pradesh" },
  "10": { name: "Bihar" },
  "11": { name: "Sikkim" },
  "12": { name: "Arunachal Pradesh" },
  "13": { name: "Nagaland" },
  "14": { name: "Manipur" },
  "15": { name: "Mizoram" },
  "16": { name: "Tripura" },
  "17": { name: "Meghalaya" },
  "18": { name: "Assam" },
  "19": { name: "West Bengal" },
  "20": { name: "Jharkhand" },
  "21": { name: "Odisha", aliases: ["Orissa"] },
  "22": { name: "Chhattisgarh" },
  "23": { name: "Madhya Pradesh" },
  "24": { name: "Gujarat" },
  "26": { name: "Dadra and Nagar Haveli and Daman and Diu", aliases: ["Daman", "Dadra"], ut: true },
  "27": { name: "Maharashtra" },
  "29": { name: "Karnataka" },
  "30": { name: "Goa" },
  "31": { name: "Lakshadweep", ut: true },
  "32": { name: "Kerala" },
  "33": { name: "Tamil Nadu" },
  "34": { name: "Puducherry", aliases: ["Pondicherry"] },
  "35": { name: "Andaman and Nicobar Islands", aliases: ["Andaman"], ut: true },
  "36": { name: "Telangana" },
  "37": { name: "Andhra Pradesh" },
  "38": { name: "Ladakh", ut: true },
};

/** The state code of a GSTIN (its first two digits), when it is one we know. */
export const gstinStateCode = (gstin: string) => {
  const code = gstin.trim().slice(0, 2);
  return STATES[code] ? code : null;
};

/** The state an address names (whole words, any case), or null. */
export function addressStateCode(address: string | null | undefined): string | null {
  if (!address) return null;
  for (const [code, s] of Object.entries(STATES)) {
    for (const name of [s.name, ...(s.aliases ?? [])]) {
      const words = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
      if (new RegExp(`(^|[^a-z])${words}([^a-z]|$)`, "i").test(address)) return code;
    }
  }
  return null;
}

export type GstTax = "CGST" | "SGST" | "UTGST" | "IGST";
export type GstLine = { label: GstTax; percent: number; amount: number };

/**
 * A GST line's label in the receipt's words (`receipt.gstCGST`…, `{percent}` filled): the tax's
 * abbreviation stays Latin as on every Indian invoice; the words around it are the page's language.
 */
export function gstLineLabel(line: Pick<GstLine, "label" | "percent">, words: { gstCGST: string; gstSGST: string; gstUTGST: string; gstIGST: string }): string {
  const template = { CGST: words.gstCGST, SGST: words.gstSGST, UTGST: words.gstUTGST, IGST: words.gstIGST }[line.label];
  return template.replace("{percent}", String(line.percent));
}
export type GstBreakup = { taxable: number; lines: GstLine[]; total: number; placeOfSupply: string };

/** `total` (paise, GST-inclusive) as taxable value + GST lines; null when the seller has no GSTIN. Pure. */
export function gstBreakup(total: number, seller: { gstin: string | null | undefined }, buyer: { address: string | null | undefined }): GstBreakup | null {
  const sellerState = seller.gstin ? gstinStateCode(seller.gstin) : null;
  if (!sellerState) return null;
  const place = addressStateCode(buyer.address) ?? sellerState;
  const taxable = Math.round((total * 100) / (100 + PLAN_GST_PERCENT));
  const tax = total - taxable;
  const placeOfSupply = `${STATES[place]!.name} (${place})`;
  if (place !== sellerState) return { taxable, total, placeOfSupply, lines: [{ label: "IGST", percent: PLAN_GST_PERCENT, amount: tax }] };
  const half = PLAN_GST_PERCENT / 2;
  const central = Math.ceil(tax / 2);
  return {
    taxable,
    total,
    placeOfSupply,
    lines: [
      { label: "CGST", percent: half, amount: central },
      { label: STATES[place]!.ut ? "UTGST" : "SGST", percent: half, amount: tax - central },
    ],
  };
}
