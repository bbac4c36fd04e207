import { expect, test } from "vitest";
import { MAX_ID } from "./constants.ts";
import { idSchema, parseId } from "./id.ts";

test("parseId reads a positive whole number up to MAX_ID, and nothing else", () => {
  expect(parseId("7")).toBe(7);
  expect(parseId("007")).toBe(7);
  expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  for (const bad of ["", "0", "-3", "1.5", "1e3", " 6", "6 ", "abc", "0x10", String(MAX_ID + 1), "99999999999", null, undefined]) {
    expect(parseId(bad), String(bad)).toBeUndefined();
  }
});

test("parseId agrees with idSchema on strings of digits", () => {
  for (const v of ["1", "42", "0", String(MAX_ID), String(MAX_ID + 1)]) {
    const parsed = idSchema("Id").safeParse(v);
    expect(parseId(v), v).toBe(parsed.success ? parsed.data : undefined);
  }
});
