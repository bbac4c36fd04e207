import { afterAll, beforeAll, expect, test } from "vitest";
import { OTP } from "#server/api/lib/pending-signin.ts";
import { createTestApi, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

test("parallel guesses cannot check more than 5 codes (the try is spent before comparing)", async () => {
  const browser = t.client.browser();
  const phone = "7000000123";
  expect((await browser.post("/verifyUser", { phoneNumber: phone })).status).toBe(200);
  const right = t.readOtp(phone);
  const wrong = right === "000000" ? "000001" : "000000";
  const cookie = browser.cookie;
  const guesses = [...Array.from({ length: 40 }, () => wrong), right];
  const answers = await Promise.all(
    guesses.map((otp) => t.request("POST", "/verifyOtp", { cookie, body: { otp }, ip: browser.ip })),
  );
  const compared = answers.filter((a) => a.status !== 429);
  expect(compared.length).toBeLessThanOrEqual(OTP.maxWrongTries);
  // Whatever the order, the sign-in is verified only if the right code was among the compared ones.
  const rightAnswer = answers.at(-1)!;
  const { json } = await t.request("GET", "/session", { cookie });
  expect(json.pending.otpVerified).toBe(rightAnswer.status === 200);
});
