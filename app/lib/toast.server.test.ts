import { describe, expect, test } from "vitest";
import { getToast, redirectWithToast } from "./toast.server";

const requestWith = (cookie: string) => new Request("http://localhost/panel/customer", { headers: { cookie } });
const cookieOf = (res: Response) => res.headers.get("set-cookie")!.split(";")[0];

describe("redirectWithToast", () => {
  test("redirects, and the next request reads the toast once and clears it", async () => {
    const res = await redirectWithToast("/panel/customer", { type: "success", message: "Business details saved." });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/panel/customer");
    expect(res.headers.get("set-cookie")).toMatch(/^cp_toast=.*HttpOnly.*SameSite=Lax/i);

    const { toast, headers } = await getToast(requestWith(cookieOf(res)));
    expect(toast).toMatchObject({ type: "success", message: "Business details saved." });
    expect(headers!.get("set-cookie")).toMatch(/^cp_toast=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
  });

  test("keeps the caller's headers", async () => {
    const res = await redirectWithToast("/x", { type: "error", message: "No." }, { headers: { "x-extra": "1" } });
    expect(res.headers.get("x-extra")).toBe("1");
    expect((await getToast(requestWith(cookieOf(res)))).toast).toMatchObject({ type: "error", message: "No." });
  });

  test("a forged or missing cookie shows nothing", async () => {
    const res = await redirectWithToast("/x", { type: "info", message: "Hello" });
    const [name, value] = cookieOf(res).split("=");
    const forged = `${name}=${value.slice(0, -4)}AAAA`;
    expect((await getToast(requestWith(forged))).toast).toBeNull();
    const unsigned = `cp_toast=${encodeURIComponent(btoa(JSON.stringify({ __flash_toast__: { id: "1", type: "success", message: "Hi" } })))}`;
    expect((await getToast(requestWith(unsigned))).toast).toBeNull();
    expect(await getToast(requestWith(""))).toEqual({ toast: null, headers: null });
  });
});
