/**
 * The staff projects and report screens' constants and texts, without zod (pages import these;
 * the schemas are in ./projects.ts). ADR 0017.
 */

/** SPEC §2: the All Projects tabs. */
export const PROJECT_TYPES = ["digital_card", "pdf_id_card", "promotional_video"] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** SPEC §3 "Search fields". templateCode is the card's style (style-1, style-2). */
export const CARD_SEARCH_FIELDS = ["cardId", "companyName", "businessName", "registeredPhoneNumber", "templateCode"] as const;
export type CardSearchField = (typeof CARD_SEARCH_FIELDS)[number];

/** The frames and places a greeting post can show (SPEC §3 Frame names, Placement). */
export const IMAGE_POST_FRAMES = ["frame7", "frame2", "frame3"] as const;
export type ImagePostFrame = (typeof IMAGE_POST_FRAMES)[number];
export const IMAGE_POST_PLACEMENTS = ["HOME_PAGE", "GREETING_IMAGE_PAGE", "COMMON"] as const;
export type ImagePostPlacement = (typeof IMAGE_POST_PLACEMENTS)[number];

/**
 * What staff decide about a card's greeting posts (POST /updateImagePostSettings), as stored in
 * cards.image_post_settings (ADR 0017). The greetings feature reads it through
 * `effectiveImagePostSettings`: absent keys mean "as the plan and agency say".
 */
export type StaffImagePostSettings = {
  /** Frames the customer may pick from; absent = all three. */
  allowedFrames?: ImagePostFrame[];
  /** Where this card's greeting posts show; absent = all places. */
  placements?: ImagePostPlacement[];
  /** Greeting images a day for this card, overriding the plan; -1 unlimited; absent = the plan's. */
  dailyImageLimit?: number;
  /** Greeting videos a day, the same way. */
  dailyVideoLimit?: number;
};

export function effectiveImagePostSettings(stored: StaffImagePostSettings | null | undefined) {
  return {
    allowedFrames: stored?.allowedFrames?.length ? stored.allowedFrames : [...IMAGE_POST_FRAMES],
    placements: stored?.placements?.length ? stored.placements : [...IMAGE_POST_PLACEMENTS],
    dailyImageLimit: stored?.dailyImageLimit ?? null,
    dailyVideoLimit: stored?.dailyVideoLimit ?? null,
  };
}

export const PROJECTS_MESSAGES = {
  onlyDigitalCard: "All Projects is not part of this agency's products (it sells digital cards only). Manage a card from its business in All Businesses.",
  pdfList: "PDF ID cards have a list of their own, with search, filters, status and downloads.",
} as const;

/** The two CSV reports (SPEC §7 Reports). */
export const REPORT_KINDS = ["digital-card", "business"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
/** What the API names every report (SPEC §7); the page saves a dated name instead (ADR 0044). */
export const REPORT_FILE_NAME = "report.csv";
const REPORT_SAVE_NAMES: Record<ReportKind, string> = { "digital-card": "digital-cards", business: "businesses" };
/** The name the report page saves: report-businesses-2026-11-26.csv (the day in India). */
export function reportSaveName(kind: ReportKind, at: Date): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
  return `report-${REPORT_SAVE_NAMES[kind]}-${day}.csv`;
}
