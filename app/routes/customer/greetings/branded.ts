import { href } from "react-router";
import { apiUrl } from "~/lib/api-url";

/** The frame-settings call's `version` and `token`: they make branded URLs new when the frame or details change, and cheap to serve. */
export type BrandSig = { version: string; token: string };

/** A post with the business's frame, as the API draws it (a signed, versioned URL). */
export const brandedSrc = (imageId: number, businessId: number, sig: BrandSig, size: "preview" | "full" = "preview") =>
  apiUrl("GET /image-post/{imageId}/branded", { params: { imageId }, query: { businessId, size, v: sig.version, t: sig.token } });

/** The download: counted against the plan (the session decides, not the token). */
export const brandedDownload = (imageId: number, businessId: number) =>
  apiUrl("GET /image-post/{imageId}/branded", { params: { imageId }, query: { businessId, size: "full", download: "true" } });

export const DAILY_IMAGE = href("/panel/customer/daily-image");
export const postHref = (imageId: number) => href("/panel/customer/daily-image/post/:imageId", { imageId: String(imageId) });

/** The daily-image page's own address with its view (search, subcategory, how many shown). */
export function dailyImageUrl(v: { q?: string; subcategory?: number; shown?: number }) {
  const search = new URLSearchParams();
  if (v.q) search.set("q", v.q);
  if (v.subcategory) search.set("subcategory", String(v.subcategory));
  if (v.shown) search.set("shown", String(v.shown));
  return search.size ? `${DAILY_IMAGE}?${search}` : DAILY_IMAGE;
}
