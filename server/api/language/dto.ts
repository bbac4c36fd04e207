import { z } from "zod";
import { LANGUAGES } from "#contracts/i18n/languages.ts";

/** A request's language: its code, writing direction and where it came from (ADR 0066). */
export const languageDto = z.object({ code: z.enum(LANGUAGES), dir: z.enum(["ltr", "rtl"]), source: z.enum(["account", "choice", "browser", "agency"]) });
