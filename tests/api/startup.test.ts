import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { loadConfig } from "#server/config.ts";
import { acquireDataDirLock } from "#server/db/lock.ts";

describe("configuration", () => {
  test("development needs no settings at all", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.useOutbox).toBe(true);
  });

  test("npm start on localhost (production mode) works without settings", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).not.toThrow();
  });

  test("production on a real host refuses to start without a session secret or OTP transports", () => {
    expect(() => loadConfig({ NODE_ENV: "production", MAIN_HOST: "cards.example.in" })).toThrow(
      /SESSION_SECRET is required in production[\s\S]*Production needs real OTP transports/,
    );
  });

  test("production on a real host starts with a secret and real transports", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      MAIN_HOST: "cards.example.in",
      SESSION_SECRET: "x".repeat(40),
      SMTP_URL: "smtp://user:pass@mail.example.in:587",
      SMS_API_URL: "https://sms.example.in/send",
    });
    expect(config.useOutbox).toBe(false);
  });

  test("demo data: on for development and localhost, off (and refused) in production on a real host", () => {
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: "production" }).seedDemoData).toBe(true);
    const real = {
      NODE_ENV: "production",
      MAIN_HOST: "cards.example.in",
      SESSION_SECRET: "x".repeat(40),
      SMTP_URL: "smtp://user:pass@mail.example.in:587",
      SMS_API_URL: "https://sms.example.in/send",
    };
    expect(loadConfig(real).seedDemoData).toBe(false);
    expect(() => loadConfig({ ...real, SEED_ON_EMPTY: "true" })).toThrow(/SEED_ON_EMPTY would create demo accounts/);
  });

  test("a split panel needs the shared secret the API trusts it by", () => {
    expect(() => loadConfig({ API_URL: "http://api.internal:3000" })).toThrow(/API_URL needs PANEL_API_SECRET/);
  });

  test("a bad value is named in the message", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
  });
});

describe("DATA_DIR lock", () => {
  test("a second process on the same DATA_DIR gets a clear error", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cp-lock-"));
    const other = spawn("sleep", ["30"]);
    try {
      fs.writeFileSync(path.join(dir, "server.lock"), String(other.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(`is in use by another process (pid ${other.pid})`);
    } finally {
      other.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a stale lock from a crashed process is taken over, and released on close", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cp-lock-"));
    try {
      fs.writeFileSync(path.join(dir, "server.lock"), "999999");
      const release = acquireDataDirLock(dir);
      expect(fs.readFileSync(path.join(dir, "server.lock"), "utf8")).toBe(String(process.pid));
      release();
      expect(fs.existsSync(path.join(dir, "server.lock"))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
