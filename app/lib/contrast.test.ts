import { describe, expect, test } from "vitest";
import { readableColor } from "./contrast";

const lum = (hex: string) =>
  [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
const ratio = (a: string, b: string) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);

describe("readableColor (theme colours people chose, made AA-readable)", () => {
  test("dark enough colours stay as they are", () => {
    expect(readableColor("#1e3a8a")).toBe("#1e3a8a");
    expect(readableColor("#000000")).toBe("#000000");
  });

  test("light ones darken just enough: 4.5:1 against white and the card's grey, same hue", () => {
    for (const hex of ["#e65100", "#2d9bea", "#25d366", "#ffeb3b", "#ffffff", "#ff4081"]) {
      const out = readableColor(hex);
      expect(ratio(out, "#ffffff"), `${hex} → ${out}`).toBeGreaterThanOrEqual(4.5);
      expect(ratio(out, "#f1f5f9"), `${hex} → ${out}`).toBeGreaterThanOrEqual(4.5);
      expect(ratio(out, "#f1f5f9"), `${hex} → ${out} is no darker than needed`).toBeLessThan(4.8);
    }
    expect(readableColor("#e65100")).toMatch(/^#[a-f0-9]{2}[0-9a-f]{2}00$/); // still orange: no blue
  });

  test("anything that is not #rrggbb is left alone", () => {
    expect(readableColor("red")).toBe("red");
  });
});
