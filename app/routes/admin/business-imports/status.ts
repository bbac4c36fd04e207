import type { ImportStatusKey } from "#contracts/onboarding.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

/** An import's status in the page's language: its `staffImports` key (ADR 0066). */
const STATUS_KEYS = {
  previewed: "statusPreviewed",
  queued: "statusQueued",
  running: "statusRunning",
  done: "statusDone",
  failed: "statusFailed",
} as const satisfies Record<ImportStatusKey, keyof Catalogue["staffImports"]>;

export const statusLabel = (words: Catalogue["staffImports"], status: ImportStatusKey) => words[STATUS_KEYS[status]];
