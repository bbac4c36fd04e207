/**
 * Issue 22 L7: what the panel's handleError logs. A path no route matches is the client's doing
 * (anyone can send thousands): not an error line. A real failure still is.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { createStaticHandler } from "react-router";
import { handleError } from "./entry.server.tsx";

const lines: { stream: string; line: string }[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  lines.length = 0;
  delete process.env.LOG_LEVEL;
});
function capture() {
  for (const stream of ["error", "warn", "log", "info", "debug"] as const) {
    vi.spyOn(console, stream).mockImplementation((line: unknown) => void lines.push({ stream, line: String(line) }));
  }
}

/** The error React Router hands to handleError for this request (its own 404 for an unknown path). */
async function routerError(path: string) {
  const handler = createStaticHandler([{ id: "root", path: "/", children: [{ id: "login", path: "panel/login" }] }]);
  const request = new Request(`https://cards.example.in${path}`);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error("expected a context");
  return { request, error: Object.values(context.errors ?? {})[0] };
}

describe("the panel's error log (issue 22 L7)", () => {
  test("an unknown panel path is no error line (debug only when asked)", async () => {
    const { request, error } = await routerError("/panel/no-such-page");
    expect(error).toBeTruthy();
    capture();
    handleError(error, { request, params: {}, context: undefined as never });
    expect(lines).toEqual([]);
    process.env.LOG_LEVEL = "debug";
    handleError(error, { request, params: {}, context: undefined as never });
    expect(lines).toHaveLength(1);
    expect(lines[0].stream).toBe("log");
    expect(JSON.parse(lines[0].line)).toMatchObject({ level: "debug", status: 404, route: "GET /panel/no-such-page" });
  });

  test("a loader's real failure is still logged at error", () => {
    capture();
    const request = new Request("https://cards.example.in/panel/login");
    handleError(new TypeError("boom"), { request, params: {}, context: undefined as never });
    expect(lines).toHaveLength(1);
    expect(lines[0].stream).toBe("error");
    expect(JSON.parse(lines[0].line)).toMatchObject({ level: "error", msg: "Panel error", errorClass: "TypeError" });
  });
});
