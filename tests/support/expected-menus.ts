/**
 * The admin drawer each role must see, exactly and in order (SPEC §2 Admin drawer, §6 Menu
 * gating), written once for the API, unit and browser tests. Seeded agencies: the platform
 * (superadmin, every product on) and Sunrise (not superadmin, image posts only).
 */
export const MENUS = {
  platformAdmin: [
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
  ],
  platformCreator: ["Home", "All Businesses", "All Projects", "Digital Invitation card"],
  platformFranchisee: ["Home", "All Businesses", "All Projects", "Digital Invitation card"],
  platformAllCardFranchisee: [
    "Home",
    "All Businesses",
    "All Projects",
    "Digital Invitation card",
    "Greetings Management",
    "Video template Management",
    "Link Store",
  ],
  sunriseAdmin: [
    "Home",
    "All Businesses",
    "All Projects",
    "Franchisee List",
    "Billing",
    "Customer plans & pricing management",
    "Report",
    "Greetings Management",
  ],
} as const satisfies Record<string, readonly string[]>;
