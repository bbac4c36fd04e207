import { exactLabels, expect, loginAs, menuEntries, openMenu, SUNRISE_URL, test, type Role } from "../support/e2e-fixtures";

// The admin drawer per role, exactly and in order (server/auth/roles.ts `staffMenu`, SPEC §2/§6).
const creatorMenu = ["Home", "All Businesses", "All Projects", "Digital Invitation card", "Logout"];
const platformMenus: [Role, string[]][] = [
  [
    "admin",
    [
      "Home",
      "All Businesses",
      "All Projects",
      "Digital Invitation card",
      "Franchisee List",
      "Agency Management",
      "Customer plans & pricing management",
      "Report",
      "Greetings Management",
      "Video template Management",
      "Ui Customisation",
      "Category Static Page Management",
      "Link Store",
      "Logout",
    ],
  ],
  ["creator", creatorMenu],
  ["franchisee", creatorMenu],
  [
    "allCardFranchisee",
    [
      "Home",
      "All Businesses",
      "All Projects",
      "Digital Invitation card",
      "Greetings Management",
      "Video template Management",
      "Link Store",
      "Logout",
    ],
  ],
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
    const expected = [
      "Home",
      "All Businesses",
      "All Projects",
      "Franchisee List",
      "Billing",
      "Customer plans & pricing management",
      "Report",
      "Greetings Management",
      "Logout",
    ];
    await expect(menuEntries(drawer)).toHaveText(exactLabels(expected));
  });
});
