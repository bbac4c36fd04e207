import { expect, loginAs, test } from "../support/e2e-fixtures";

/*
 * Old card links keep working (ADR 0012): after the owner changes the card link, the old link
 * (printed QR codes, shared messages) opens the card at its new address.
 */
test.use({ javaScriptEnabled: false });

test("a changed card link: the old link and its QR code redirect (301) to the new one", async ({ page, browser }) => {
  await loginAs(page, "customer");
  const name = `Bansal Books ${Math.random().toString(36).slice(2, 8)}`;
  const res = await page.request.post("/api/v1/business", { data: { businessName: name, phoneNumber: "9812345678", createDigitalCard: true } });
  expect(res.status(), await res.text()).toBe(200);
  const { business, card } = (await res.json()) as { business: { businessId: number }; card: { cardId: string } };
  const oldId = card.cardId;
  const newId = `${oldId}-new`;

  // The owner changes the link in the editor (a plain form post: JavaScript is off).
  await page.goto(`/panel/customer/digital-card/basic-details?businessId=${business.businessId}`);
  await page.getByLabel("Card link", { exact: true }).fill(newId);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Basic details saved." })).toBeVisible();

  // A visitor (no session) with the old link.
  const visitor = await browser.newPage({ javaScriptEnabled: false });
  const redirects: number[] = [];
  visitor.on("response", (r) => {
    if (new URL(r.url()).pathname === `/${oldId}`) redirects.push(r.status());
  });
  await visitor.goto(`/${oldId}`);
  await expect(visitor).toHaveURL(new RegExp(`/${newId}$`));
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(name);
  expect(redirects).toEqual([301]);

  // Twice more within the micro-cache's lifetime: still the redirect, never the old page.
  for (let i = 0; i < 2; i++) {
    const again = await visitor.request.get(`/${oldId}`, { maxRedirects: 0 });
    expect(again.status()).toBe(301);
    expect(again.headers()["location"]).toBe(`/${newId}`);
  }
  const qr = await visitor.request.get(`/api/v1/public-card/${oldId}/qr.svg`, { maxRedirects: 0 });
  expect(qr.status()).toBe(301);
  expect(qr.headers()["location"]).toBe(`/api/v1/public-card/${newId}/qr.svg`);
  const followed = await visitor.request.get(`/api/v1/public-card/${oldId}/vcard`);
  expect(followed.status()).toBe(200);
  expect(followed.headers()["content-disposition"]).toContain(`${newId}.vcf`);
  await visitor.close();
});
