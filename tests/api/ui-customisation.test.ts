/**
 * UI customisation (SPEC §7; ADR 0019): GET/POST/DELETE /ui-customisation. The superadmin
 * agency's admins brand any agency; the brand colour must carry white text at WCAG AA (4.5:1)
 * and a refusal names the nearest passing shade; the branding reaches GET /session and the
 * public cards of that agency's host at once, and nothing customised keeps the default look.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { agencies } from "#server/db/schema/core.ts";
import { cards } from "#server/db/schema/business.ts";
import { uiCustomisations } from "#server/db/schema/content.ts";
import { contrastWithWhite, formatRatio, nearestPassingShade, withLightness } from "#contracts/brand-colour.ts";
import { createTestApi, SECOND_AGENCY_HOST, type RoleName, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
let platformId: number;
let sunriseId: number;
let sunriseCardId: string;

beforeAll(async () => {
  t = await createTestApi();
  for (const a of await t.db.select().from(agencies)) {
    if (a.host === SECOND_AGENCY_HOST) sunriseId = a.id;
    else platformId = a.id;
  }
  const [card] = await t.db.select().from(cards).where(eq(cards.agencyId, sunriseId)).limit(1);
  sunriseCardId = card.cardId;
});
afterAll(() => t?.close());

const save = (body: Record<string, unknown>, role: RoleName = "admin") => t.requestAs(role, "POST", "/ui-customisation", { body: body as never });
const sunriseSession = () => t.request("GET", "/session", { host: SECOND_AGENCY_HOST });

describe("the contrast rule's numbers (contracts/brand-colour.ts)", () => {
  test("white on a colour: WCAG ratios", () => {
    expect(contrastWithWhite("#000000")).toBeCloseTo(21, 5);
    expect(contrastWithWhite("#ffffff")).toBeCloseTo(1, 5);
    // The classic AA borderline greys: #767676 passes (4.54), #777777 does not (4.48).
    expect(formatRatio(contrastWithWhite("#767676"))).toBe("4.54:1");
    expect(formatRatio(contrastWithWhite("#777777"))).toBe("4.47:1");
    // The SPEC's payment blue is ~3:1 (REFERENCE.md).
    expect(formatRatio(contrastWithWhite("#2d9bea"))).toBe("3.00:1");
  });

  test("the nearest passing shade: darker in OKLCH, just past 4.5:1, the colour itself when it passes", () => {
    expect(nearestPassingShade("#2d9bea")).toBe("#007bc7");
    expect(nearestPassingShade("#ff9800")).toBe("#bd5b00");
    expect(nearestPassingShade("#767676")).toBe("#767676");
    for (const c of ["#2d9bea", "#ff9800", "#ffff00", "#00ff00", "#e91e63", "#ffffff"]) {
      const shade = nearestPassingShade(c);
      expect(contrastWithWhite(shade), c).toBeGreaterThanOrEqual(4.5);
      // Just past: a shade a little lighter fails again (nearest, not merely passing).
      expect(contrastWithWhite(withLightness(shade, 1.03)), c).toBeLessThan(4.5);
    }
  });
});

describe("POST /ui-customisation", () => {
  test("a low-contrast brand colour is refused with the nearest passing shade, nothing saved", async () => {
    const res = await save({ agencyId: sunriseId, styles: { primaryColor: "#2D9BEA" } });
    expect(res.status).toBe(422);
    expect(res.json.fieldErrors["styles.primaryColor"]).toEqual([
      "White text on #2d9bea has a contrast of 3.00:1; buttons need at least 4.5:1 (WCAG AA). Try #007bc7, the nearest shade that passes (4.50:1).",
    ]);
    expect(await t.db.$count(uiCustomisations)).toBe(0);
    expect((await save({ styles: { primaryColor: "blue" } })).json.fieldErrors["styles.primaryColor"]).toEqual(["Choose a colour like #1e88e5."]);
    expect((await save({ styles: { logoUrl: "http://example.com/logo.png" } })).status).toBe(422);
  });

  test("nothing customised: the default look (agency name, no logo or colour)", async () => {
    const res = await sunriseSession();
    expect(res.json.agency.branding).toEqual({ name: "Sunrise Media" });
    const card = await t.request("GET", `/public-card/${sunriseCardId}` as "/public-card/x", { host: SECOND_AGENCY_HOST });
    expect(card.json.agency).toEqual({ name: "Sunrise Media", logoUrl: null, primaryColor: null });
  });

  test("the superadmin's admin brands another agency: its host shows it at once, on sign-in data and public cards", async () => {
    // Read first, so a stale cache would show.
    await sunriseSession();
    const styles = {
      name: "Sunrise Cards",
      logoUrl: "https://cdn.example.com/sunrise.png",
      faviconUrl: "/uploads/branding/sunrise-icon.png",
      primaryColor: "#8A2BE2",
      metaTitle: "Sunrise Cards",
      metaDescription: "Digital business cards by Sunrise Media.",
    };
    const [a, b] = await Promise.all([save({ agencyId: sunriseId, styles }), save({ agencyId: sunriseId, styles })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.customisation.uiCustomisationId).toBe(b.json.customisation.uiCustomisationId);
    expect(a.json.customisation).toMatchObject({ agencyId: sunriseId, metaId: "branding", placement: "COMMON" });
    expect(a.json.branding).toEqual({ ...styles, primaryColor: "#8a2be2" });
    expect(await t.db.$count(uiCustomisations, eq(uiCustomisations.agencyId, sunriseId))).toBe(1);

    expect((await sunriseSession()).json.agency.branding).toEqual({ ...styles, primaryColor: "#8a2be2" });
    const card = await t.request("GET", `/public-card/${sunriseCardId}` as "/public-card/x", { host: SECOND_AGENCY_HOST });
    expect(card.json.agency).toEqual({ name: "Sunrise Cards", logoUrl: styles.logoUrl, primaryColor: "#8a2be2" });
    // The platform's own host is untouched.
    expect((await t.request("GET", "/session")).json.agency.branding).toEqual({ name: "Card Panel" });

    const got = await t.requestAs("admin", "GET", "/ui-customisation", { query: { agencyId: sunriseId } });
    expect(got.status).toBe(200);
    expect(got.json.agencyId).toBe(sunriseId);
    expect(got.json.list).toHaveLength(1);
    expect(got.json.agencies.map((x: { agencyName: string }) => x.agencyName)).toEqual(["Card Panel", "Sunrise Media"]);

    // Saving again replaces the whole branding: an emptied field is the default again.
    const less = await save({ agencyId: sunriseId, styles: { name: "", primaryColor: "#8a2be2" } });
    expect(less.json.branding).toEqual({ name: "Sunrise Media", logoUrl: null, faviconUrl: null, primaryColor: "#8a2be2", metaTitle: null, metaDescription: null });
  });

  test("DELETE brings the default look back; a second DELETE is 404", async () => {
    const saved = await save({ styles: { logoUrl: "https://cdn.example.com/platform.png" } });
    expect(saved.json.customisation.agencyId).toBe(platformId);
    expect((await t.request("GET", "/session")).json.agency.branding.logoUrl).toBe("https://cdn.example.com/platform.png");
    const id = saved.json.customisation.uiCustomisationId;
    const del = await t.requestAs("admin", "DELETE", `/ui-customisation/${id}` as "/ui-customisation/1");
    expect(del.json).toEqual({ uiCustomisationId: id, deleted: true });
    expect((await t.request("GET", "/session")).json.agency.branding).toEqual({ name: "Card Panel" });
    expect((await t.requestAs("admin", "DELETE", `/ui-customisation/${id}` as "/ui-customisation/1")).status).toBe(404);
  });

  test("an unknown agency is 404", async () => {
    expect((await save({ agencyId: 999999, styles: {} })).status).toBe(404);
    expect((await t.requestAs("admin", "GET", "/ui-customisation", { query: { agencyId: 999999 } })).status).toBe(404);
  });
});

describe("who may customise (SPEC §6: superadmin plus admin)", () => {
  test("other staff, customers and another agency's admin are refused; that agency's branding is unchanged", async () => {
    for (const role of ["creator", "franchisee", "franchiseeAllCards", "customer", "otherAgencyAdmin", "otherAgencyCustomer"] as const) {
      expect((await t.requestAs(role, "GET", "/ui-customisation")).status, role).toBe(403);
      expect((await save({ styles: { name: "Taken over" } }, role)).status, role).toBe(403);
      expect((await t.requestAs(role, "DELETE", "/ui-customisation/1")).status, role).toBe(403);
    }
    expect((await t.request("GET", "/ui-customisation")).status).toBe(401);
    expect((await sunriseSession()).json.agency.branding.name).not.toBe("Taken over");
  });
});
