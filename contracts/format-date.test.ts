import { expect, test } from "vitest";
import { formatDate, formatDateTime } from "./format.ts";

test("dates are India's day, whatever zone the machine runs in", () => {
  // 20:00 UTC on the 25th is 01:30 on the 26th in India.
  expect(formatDate(new Date("2026-11-25T20:00:00Z"))).toBe("26 Nov 2026");
  expect(formatDate("2026-11-25T10:00:00Z")).toBe("25 Nov 2026");
  expect(formatDateTime("2026-11-25T20:00:00Z")).toMatch(/^26 Nov 2026, 1:30\s?am$/i);
});
