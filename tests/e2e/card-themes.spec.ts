import type { Page } from "@playwright/test";
import { expect, loginAs, test } from "../support/e2e-fixtures";
import { expectNoSeriousViolations } from "../support/axe";
import { CARD_TEMPLATES } from "#contracts/enums.ts";

/*
 * Card themes (issue 26, ADR 0070), with JavaScript OFF: the customer's template tab shows a
 * server-drawn picture of their own card in every theme, the plain form saves a choice and the
 * public card changes; then every theme's public card at 360 px, with the card's sections
 * filled in and a Devanagari name, has no serious axe violation and no script.
 */
test.use({ javaScriptEnabled: false });

const rand = () => Math.random().toString(36).slice(2, 8);

/** A business of the seeded customer's own with a card whose sections are filled in (the seeded cards stay as they are). */
async function themedBusiness(page: Page) {
  const businessName = `शर्मा Themes ${rand()}`;
  const res = await page.request.post("/api/v1/business", {
    data: {
      businessName,
      phoneNumber: "9812345678",
      email: "themes@example.com",
      createDigitalCard: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as {
    business: { businessId: number };
    card: { cardId: string; cardNo: number };
  };
  const cardNo = body.card.cardNo;
  const post = async (path: string, data: Record<string, unknown>) => {
    const r = await page.request.post(`/api/v1${path}`, {
      data: { cardNo, ...data },
    });
    expect(r.status(), `${path}: ${await r.text()}`).toBe(200);
  };
  await post("/updateCardAboutUs", {
    description: "हर सुबह ताज़ी मिठाई। Fresh sweets every morning.",
    establishedYear: 1998,
    specialities: ["Kaju katli", "लड्डू"],
  });
  await post("/updateCardProducts", {
    title: "Our Sweets",
    items: [
      { name: "Kaju Katli (500 g)", price: 45000 },
      { name: "मोतीचूर लड्डू", price: null },
    ],
  });
  await post("/updateCardLinks", {
    items: [{ label: "Instagram", url: "instagram.com/sharmasweets" }],
  });
  await post("/updateCardPaymentOptions", {
    upiId: "demo@upi",
    upiName: "Sharma Sweets",
  });
  return {
    businessId: body.business.businessId,
    cardId: body.card.cardId,
    cardNo,
  };
}

test("the template tab shows the customer's card in each theme; picking one changes the public card (no JavaScript)", async ({
  page,
}) => {
  await loginAs(page, "customer");
  const { businessId, cardId } = await themedBusiness(page);
  await page.goto(
    `/panel/customer/digital-card/template?businessId=${businessId}`,
  );
  const pictures = page.getByTestId("theme-list").getByRole("img");
  await expect(pictures).toHaveCount(CARD_TEMPLATES.length);
  // Each picture is a PNG drawn by the server for this card, kept by the browser.
  for (const src of await pictures.evaluateAll((imgs) =>
    imgs.map((i) => (i as HTMLImageElement).getAttribute("src")!),
  )) {
    const r = await page.request.get(src);
    expect(r.status(), src).toBe(200);
    expect(r.headers()["content-type"]).toBe("image/png");
    expect(r.headers()["cache-control"]).toBe("private, max-age=86400");
  }
  await expect(pictures.first()).toHaveJSProperty("complete", true);
  expect(
    await pictures
      .first()
      .evaluate((i) => (i as HTMLImageElement).naturalWidth),
  ).toBe(240);

  await expect(page.getByRole("radio", { name: "Style 1" })).toBeChecked();
  await page.getByRole("radio", { name: "Midnight" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Template saved." }),
  ).toBeVisible();
  await expect(page.getByRole("radio", { name: "Midnight" })).toBeChecked();
  // The editor's start page names the theme in use (it said "Style 1" for every new theme).
  await page.goto(`/panel/customer/digital-card?businessId=${businessId}`);
  await expect(page.getByRole("link", { name: "Template Midnight" })).toBeVisible();

  const res = await page.goto(`/${cardId}`);
  expect(await res!.text()).not.toMatch(/<script/i);
  await expect(page.locator("[data-template]")).toHaveAttribute(
    "data-template",
    "midnight",
  );
});

// axe runs as a script in the page: the card itself still ships none (checked below).
test.describe("every theme", () => {
  test.use({ javaScriptEnabled: true });
  test("every theme's public card at 360 px: no serious axe violation, no script, every section shown", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 360, height: 800 });
    await loginAs(page, "customer");
    const { cardId, cardNo } = await themedBusiness(page);
    for (const theme of CARD_TEMPLATES) {
      await test.step(theme, async () => {
        const saved = await page.request.post("/api/v1/updateCardTemplate", {
          data: { cardNo, template: theme },
        });
        expect(saved.status()).toBe(200);
        const res = await page.goto(`/${cardId}`);
        expect(await res!.text()).not.toMatch(/<script/i);
        await expect(page.locator("[data-template]")).toHaveAttribute(
          "data-template",
          theme,
        );
        await expect(page.getByRole("heading", { level: 1 })).toContainText(
          "शर्मा Themes",
        );
        await expect(page.getByRole("heading", { level: 2 })).toHaveCount(6);
        // Nothing wider than the phone.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
        ).toBeLessThanOrEqual(360);
        await expectNoSeriousViolations(page);
      });
    }
  });
});
