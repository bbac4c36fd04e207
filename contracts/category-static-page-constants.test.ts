import { describe, expect, test } from "vitest";
import { categorySlug, paragraphsOf } from "./category-static-page-constants.ts";

describe("category pages: slugs and paragraphs", () => {
  test("one slug however a category is spelt; nothing left is empty", () => {
    expect(categorySlug("Architect and Interior Designer")).toBe("architect-and-interior-designer");
    expect(categorySlug("  Sweet   Shop ")).toBe("sweet-shop");
    expect(categorySlug("sweet-shop")).toBe("sweet-shop");
    expect(categorySlug("Exporter/importer")).toBe("exporter-importer");
    expect(categorySlug("Café & Bakery")).toBe("cafe-bakery");
    expect(categorySlug("मिठाई")).toBe("");
  });

  test("a blank line starts a paragraph; single breaks stay; blank input is none", () => {
    expect(paragraphsOf("One.\nStill one.\n\n  Two.  \r\n\r\n\n")).toEqual(["One.\nStill one.", "Two."]);
    expect(paragraphsOf("")).toEqual([]);
    expect(paragraphsOf(null)).toEqual([]);
  });
});
