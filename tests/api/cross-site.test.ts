/**
 * Issue 22 L7: a cross-site post to a panel page is the client's doing: refused (403, as the panel's own
 * guard answers) and logged at warn, before React Router's handleError would log it as an error.
 */
import { describe, expect, test } from "vitest";
import { refuseCrossSitePost } from "#server/web/cross-site.ts";

const logger = () => {
  const lines: { level: string; message: string }[] = [];
  return { lines, warn: (message: string) => lines.push({ level: "warn", message }), error: (message: string) => lines.push({ level: "error", message }) };
};

describe("cross-site posts to the panel (issue 22 L7)", () => {
  test("another origin (or an opaque one) is 403 and a warn line, never an error", async () => {
    for (const origin of ["https://evil.example", "null", "not a url", "http://localhost:3000"]) {
      const log = logger();
      const res = refuseCrossSitePost("POST", "https://cards.example.in/panel/login", origin, log);
      expect(res?.status, origin).toBe(403);
      expect(await res!.text()).toBe("This request came from another site and was refused.");
      expect(log.lines, origin).toEqual([{ level: "warn", message: "Cross-site post refused" }]);
    }
  });

  test("the page's own origin, no Origin header, and reads go on", () => {
    const log = logger();
    expect(refuseCrossSitePost("POST", "https://cards.example.in/panel/login", "https://cards.example.in", log)).toBeNull();
    expect(refuseCrossSitePost("POST", "https://cards.example.in/panel/login", null, log)).toBeNull();
    expect(refuseCrossSitePost("GET", "https://cards.example.in/panel/login", "https://evil.example", log)).toBeNull();
    expect(log.lines).toEqual([]);
  });
});
