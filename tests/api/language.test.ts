/**
 * Issue 24 / ADR 0066: the API picks each request's language (the customer's stored choice, this
 * browser's choice, Accept-Language, the agency's default) and answers in it: GET /session says
 * which, menus and error messages come translated.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "#server/db/schema/core.ts";
import { createTestApi, ROLES, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

const asking = (lang: string) => ({ headers: { "accept-language": lang } });

describe("which language a request gets", () => {
  test("nobody chose: the browser's Accept-Language, else the agency's default (English until set)", async () => {
    const hindi = await t.request("GET", "/session", asking("hi-IN,hi;q=0.9,en;q=0.8"));
    expect(hindi.json.language).toEqual({ code: "hi", dir: "ltr", source: "browser" });
    const french = await t.request("GET", "/session", asking("fr-FR"));
    expect(french.json.language).toEqual({ code: "en", dir: "ltr", source: "agency" });
  });

  test("an agency admin sets the default (Marathi); customers, staff and another agency cannot", async () => {
    expect((await t.requestAs("customer", "PUT", "/agency-language", { body: { language: "mr" } })).status).toBe(403);
    const bad = await t.requestAs("admin", "PUT", "/agency-language", { body: { language: "xx" as "mr" } });
    expect(bad.status).toBe(422);
    expect(bad.json.fieldErrors.language).toEqual(["Choose one of the languages offered."]);
    const res = await t.requestAs("admin", "PUT", "/agency-language", { body: { language: "mr" } });
    expect(res.json).toEqual({ defaultLanguage: "mr" });
    expect((await t.requestAs("admin", "GET", "/agency-language")).json).toEqual({ defaultLanguage: "mr" });
    const french = await t.request("GET", "/session", asking("fr-FR"));
    expect(french.json.language).toEqual({ code: "mr", dir: "ltr", source: "agency" });
    expect(french.json.agency.defaultLanguage).toBe("mr");
    // The browser's own language still comes first.
    expect((await t.request("GET", "/session", asking("ta"))).json.language.code).toBe("ta");
    // Back to English for the other tests.
    await t.requestAs("admin", "PUT", "/agency-language", { body: { language: "en" } });
  });

  test("a staff member's drawer items in their language; English is the spec's labels", async () => {
    const labels = async (lang: string) => ((await t.requestAs("admin", "GET", "/session", asking(lang))).json.actor.menu as { label: string }[]).map((m) => m.label);
    expect(await labels("en")).toEqual(expect.arrayContaining(["Home", "All Businesses", "Franchisee List", "Customer plans & pricing management"]));
    const hindi = await labels("hi");
    expect(hindi).toEqual(expect.arrayContaining(["होम", "सभी बिज़नेस", "फ्रैंचाइज़ी सूची"]));
    expect(hindi).not.toContain("All Businesses");
  });

  test("the switch before signing in: this browser keeps it over Accept-Language", async () => {
    const b = t.client.browser();
    const chose = await b.post("/language", { language: "bn" }, asking("hi"));
    expect(chose.status).toBe(200);
    expect(Object.keys(chose.cookies)).toContain("cp_lang");
    const session = await b.get("/session", asking("hi"));
    expect(session.json.language).toEqual({ code: "bn", dir: "ltr", source: "choice" });
  });

  test("a new customer who picked हिन्दी before signing up has it kept on the account", async () => {
    const b = t.client.browser();
    await b.post("/language", { language: "hi" });
    const { user, browser } = await t.signUp({ phoneNumber: "9811100024" }, { browser: b });
    expect(user.language).toBe("hi");
    const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.id, user.userId));
    expect(row.language).toBe("hi");
    // Signed in, an English browser still gets the account's Hindi, menus too.
    const session = await browser.get("/session", asking("en-GB"));
    expect(session.json.language).toEqual({ code: "hi", dir: "ltr", source: "account" });
    expect(session.json.actor.menu.myProjects[0].label).toBe("डिजिटल विज़िटिंग कार्ड");
    // The OTP's SMS was in Hindi too, the code first.
    expect(t.outbox.to("9811100024").at(-1)!.text).toMatch(/^\d{6} आपका .+ साइन इन कोड है। यह 10 मिनट तक चलेगा। इसे किसी को न बताएँ।$/);
  });

  test("a signed-in customer's switch is stored on the account (another browser sees it)", async () => {
    const cookie = await t.signInAs("customer", { fresh: true });
    const res = await t.request("POST", "/language", { cookie, host: ROLES.customer.host, body: { language: "gu" } });
    expect(res.status).toBe(200);
    // A fresh sign-in from a browser without the cookie: the account's choice.
    const other = await t.signInAs("customer", { fresh: true });
    const session = await t.request("GET", "/session", { cookie: other, host: ROLES.customer.host, ...asking("hi") });
    expect(session.json.language).toEqual({ code: "gu", dir: "ltr", source: "account" });
    expect((await t.request("GET", "/user", { cookie: other, host: ROLES.customer.host })).json.user.language).toBe("gu");
    await t.request("POST", "/language", { cookie: other, host: ROLES.customer.host, body: { language: "en" } });
  });
});

describe("the API answers in the request's language", () => {
  test("sign-in errors: validation and a wrong password, in Hindi and Tamil; English unchanged", async () => {
    const badPhone = await t.request("POST", "/verifyUser", { body: { phoneNumber: "12345" }, ...asking("hi") });
    expect(badPhone.status).toBe(422);
    expect(badPhone.json.message).toBe("लाल निशान वाली जगहें ठीक करें।");
    expect(badPhone.json.fieldErrors.phoneNumber).toEqual(["सही मोबाइल नंबर डालें।"]);

    const wrong = await t.request("POST", "/login", { body: { phoneNumber: "9876543210", password: "not-the-password" }, ...asking("ta") });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe("தொலைபேசி எண் அல்லது கடவுச்சொல் தவறு.");
    expect(wrong.json.fieldErrors.password).toEqual(["தொலைபேசி எண் அல்லது கடவுச்சொல் தவறு."]);

    const english = await t.request("POST", "/login", { body: { phoneNumber: "9876543210", password: "not-the-password" }, ...asking("en-IN") });
    expect(english.json.message).toBe("Incorrect phone number or password.");
  });

  test("a wrong OTP says how many tries are left, in the chosen language", async () => {
    const b = t.client.browser();
    await b.post("/language", { language: "mr" });
    await b.post("/verifyUser", { phoneNumber: "9811100025" });
    const res = await b.post("/verifyOtp", { otp: t.readOtp("9811100025") === "000000" ? "111111" : "000000" });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/^OTP चुकीचा आहे\. (फक्त )?\d+ प्रयत्न बाकी आहेत?\.$/);
  });
});

describe("the customer screens' API messages (issue 24, third step)", () => {
  test("a PDF card that is not there is said in the customer's language; English unchanged", async () => {
    const cookie = await t.signInAs("customer", { fresh: true });
    const as = { cookie, host: ROLES.customer.host };
    expect((await t.request("POST", "/language", { ...as, body: { language: "hi" } })).status).toBe(200);
    const pdf = await t.request("GET", "/pdf-card/pdfCard", { ...as, query: { pdfCardNo: 999_999 } });
    expect(pdf.status).toBe(404);
    expect(pdf.json.message).toBe("PDF कार्ड नहीं मिला।");
    await t.request("POST", "/language", { ...as, body: { language: "en" } });
    const english = await t.request("GET", "/pdf-card/pdfCard", { ...as, query: { pdfCardNo: 999_999 } });
    expect(english.json.message).toBe("PDF card not found.");
  });
});
