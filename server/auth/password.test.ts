import { expect, test } from "vitest";
import { createPasswordHasher } from "./password.ts";

test("production hashes with Argon2id at OWASP's cost (19 MiB, 2 iterations, 1 lane); a cheap hash still verifies", async () => {
  const production = createPasswordHasher();
  const stored = await production.hash("Password@123");
  expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(await production.verify(stored, "Password@123")).toBe(true);
  expect(await production.verify(stored, "Password@124")).toBe(false);
  // The cost travels with the hash: production verifies a test-cost hash and the reverse.
  const cheap = createPasswordHasher({ memoryCost: 8, timeCost: 1, parallelism: 1 });
  expect(await production.verify(await cheap.hash("x"), "x")).toBe(true);
  expect(await cheap.verify(stored, "Password@123")).toBe(true);
  expect(await production.verify("not a hash", "x")).toBe(false);
  expect(await production.verify(null, "x")).toBe(false);
});
