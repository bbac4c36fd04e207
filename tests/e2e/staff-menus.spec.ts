import { MENUS } from "../support/expected-menus";
import { exactLabels, expect, loginAs, menuEntries, openMenu, SUNRISE_URL, test, type Role } from "../support/e2e-fixtures";

// The admin drawer per role, then Logout (server/auth/roles.ts `staffMenu`, SPEC §2/§6).
const withLogout = (labels: readonly string[]) => [...labels, "Logout"];
const platformMenus: [Role, string[]][] = [
  ["admin", withLogout(MENUS.platformAdmin)],
  ["creator", withLogout(MENUS.platformCreator)],
  ["franchisee", withLogout(MENUS.platformFranchisee)],
  ["allCardFranchisee", withLogout(MENUS.platformAllCardFranchisee)],
];

for (const [role, expected] of platformMenus) {
  test(`platform ${role} sees exactly their menu`, async ({ page }) => {
    await loginAs(page, role);
    await page.goto("/panel/admin");
    await expect(page).toHaveURL(/\/panel\/admin/);
    const drawer = await openMenu(page);
    await expect(menuEntries(drawer)).toHaveText(exactLabels(expected));
  });
}

test.describe("second agency (sunrise.localhost)", () => {
  test.use({ baseURL: SUNRISE_URL });

  test("Sunrise admin sees the non-superadmin menu", async ({ page }) => {
    await loginAs(page, "sunriseAdmin");
    await page.goto("/panel/admin");
    await expect(page).toHaveURL(/sunrise\.localhost:\d+\/panel\/admin/);
    const drawer = await openMenu(page);
    const expected = withLogout(MENUS.sunriseAdmin);
    await expect(menuEntries(drawer)).toHaveText(exactLabels(expected));
  });
});
