/** SPEC §8 lives in the client: `call` throws a 401/403 for the root boundary unless the caller opted out. */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { createApiClient } from "./api.server";

/** The client over the network (API_URL) to a fetch that answers `status` with `body`. */
function clientAnswering(status: number, body: Record<string, unknown>) {
  vi.stubGlobal("fetch", async () => Response.json(body, { status }));
  return createApiClient(new Request("http://localhost/panel/customer"));
}

/** What `call` threw (a React Router `data()` value), or undefined when it returned. */
async function thrown(run: () => Promise<unknown>) {
  try {
    await run();
    return undefined;
  } catch (e) {
    return e as { data: Record<string, unknown>; init: { status: number } };
  }
}

describe("the API client's call and SPEC §8", () => {
  const saved = process.env.API_URL;
  beforeEach(() => {
    process.env.API_URL = "http://api.test";
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    if (saved === undefined) delete process.env.API_URL;
    else process.env.API_URL = saved;
  });

  test("a 401 or a 403 is thrown for the boundary's sign-out dialog", async () => {
    for (const status of [401, 403]) {
      const api = clientAnswering(status, { message: "Failed to authenticate user" });
      const e = await thrown(() => api.call("POST /logout"));
      expect(e?.init.status, String(status)).toBe(status);
      expect(e?.data).toEqual({ message: "Failed to authenticate user" });
    }
  });

  test("a plan limit's 403 keeps upgrade: true, so the boundary offers the plans", async () => {
    const api = clientAnswering(403, { message: "Upgrade your plan.", upgrade: true });
    const e = await thrown(() => api.call("POST /logout"));
    expect(e?.init.status).toBe(403);
    expect(e?.data).toEqual({ message: "Upgrade your plan.", upgrade: true });
  });

  test("other failures come back to the route, and so do 401/403 for a caller that opted out", async () => {
    const refused = await clientAnswering(422, { message: "Bad input.", fieldErrors: { name: ["Required."] } }).call("POST /logout");
    expect(refused).toMatchObject({ ok: false, status: 422, message: "Bad input.", fieldErrors: { name: ["Required."] } });
    const own = await clientAnswering(403, { message: "Upgrade your plan.", upgrade: true }).call("POST /logout", undefined, { authErrors: "return" });
    expect(own).toMatchObject({ ok: false, status: 403, data: { upgrade: true } });
  });
});
