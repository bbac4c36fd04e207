import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { PDF_CARD_TEMPLATES } from "#contracts/pdf-card-constants.ts";

type Template = (typeof PDF_CARD_TEMPLATES)[number];
type Words = Catalogue["pdfCards"];

/** A template's description, by its name (the names are the templates' own, never translated). */
const DESCRIPTION: Record<Template["name"], keyof Words> = { Aurora: "descAurora", Saffron: "descSaffron", Slate: "descSlate", Mint: "descMint" };

/** A PDF card template as the customer's pages say it, in the page's language (ADR 0066). */
export function templateWords(tpl: Template, t: Words) {
  return {
    ...tpl,
    orientationWord: t[tpl.orientation],
    description: t[DESCRIPTION[tpl.name]],
    label: `${tpl.name} (${t[tpl.orientation]})`,
    previewAlt: fmt(t.templatePreview, { name: tpl.name }),
    useLabel: fmt(t.useTemplate, { name: tpl.name }),
    creating: t.creating,
  };
}
