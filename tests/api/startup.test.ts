import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { loadConfig } from "#server/config.ts";
import { acquireDataDirLock, identify } from "#server/db/lock.ts";

/** A production configuration on a real host, with real OTP transports. */
const real = {
  NODE_ENV: "production",
  MAIN_HOST: "cards.example.in",
  SESSION_SECRET: "x".repeat(40),
  SMTP_URL: "smtp://user:pass@mail.example.in:587",
  SMS_API_URL: "https://sms.example.in/send",
};

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
    expect(loadConfig(real).seedDemoData).toBe(false);
    expect(() => loadConfig({ ...real, SEED_ON_EMPTY: "true" })).toThrow(/SEED_ON_EMPTY would create demo accounts/);
  });

  test("npm start with demo data listens on loopback only and says it is in demo mode", () => {
    for (const env of [{}, { NODE_ENV: "production" }]) {
      expect(loadConfig(env)).toMatchObject({ seedDemoData: true, mode: "demo", listenHost: "127.0.0.1" });
    }
    // A HOST the user chose is kept; a private address gets demo data when DEMO_MODE asks (a phone on the LAN; issue 22 L10).
    expect(loadConfig({ HOST: "192.168.1.20", DEMO_MODE: "1" })).toMatchObject({ seedDemoData: true, mode: "demo", listenHost: "192.168.1.20" });
  });

  test("no demo accounts on a public address; production listens on all interfaces", () => {
    for (const HOST of ["0.0.0.0", "::", "203.0.113.7", "[2001:db8::1]", "cards.example.in"]) {
      expect(loadConfig({ HOST, SESSION_SECRET: real.SESSION_SECRET, SMTP_URL: real.SMTP_URL, SMS_API_URL: real.SMS_API_URL }), HOST).toMatchObject({ seedDemoData: false, mode: "production", listenHost: HOST });
      expect(() => loadConfig({ HOST, SEED_ON_EMPTY: "true" }), HOST).toThrow(/SEED_ON_EMPTY would create demo accounts with a published password on a public address/);
    }
    for (const HOST of ["127.0.0.1", "localhost", "::1", "10.0.0.5", "172.20.1.1", "fd00::1"]) {
      expect(loadConfig({ HOST, SEED_ON_EMPTY: "true", DEMO_MODE: "1" }).seedDemoData, HOST).toBe(true);
    }
    expect(loadConfig(real)).toMatchObject({ seedDemoData: false, mode: "production", listenHost: "0.0.0.0" });
    expect(() => loadConfig({ ...real, HOST: "127.0.0.1", SEED_ON_EMPTY: "true" })).toThrow(/SEED_ON_EMPTY would create demo accounts/);
  });

  test("a split panel needs the shared secret the API trusts it by", () => {
    expect(() => loadConfig({ API_URL: "http://api.internal:3000" })).toThrow(/API_URL needs PANEL_API_SECRET/);
  });

  test("a bad value is named in the message", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
  });
});

describe("DATA_DIR lock", () => {
  const hasProc = fs.existsSync("/proc/self/stat") && fs.existsSync("/proc/sys/kernel/random/boot_id");
  const lockIn = (dir: string) => path.join(dir, "server.lock");
  /** A live process that is not us (a `sleep`), and a fresh DATA_DIR; both cleaned up after. */
  async function withOther(run: (dir: string, pid: number) => void | Promise<void>) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cp-lock-"));
    const other = spawn("sleep", ["30"]);
    try {
      await run(dir, other.pid!);
    } finally {
      other.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  test("a second process on the same DATA_DIR gets a clear error (old bare-pid lock files too)", () =>
    withOther((dir, pid) => {
      fs.writeFileSync(lockIn(dir), JSON.stringify(identify(pid)));
      expect(() => acquireDataDirLock(dir)).toThrow(`is in use by another process (pid ${pid})`);
      fs.writeFileSync(lockIn(dir), String(pid));
      expect(() => acquireDataDirLock(dir)).toThrow(`is in use by another process (pid ${pid})`);
    }));

  test("a stale lock from a crashed process is taken over, and released on close", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cp-lock-"));
    try {
      fs.writeFileSync(lockIn(dir), "999999");
      const release = acquireDataDirLock(dir);
      expect(JSON.parse(fs.readFileSync(lockIn(dir), "utf8"))).toMatchObject({ pid: process.pid });
      release();
      expect(fs.existsSync(lockIn(dir))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test.runIf(hasProc)("the lock names its owner by pid, start time and boot id", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cp-lock-"));
    try {
      const release = acquireDataDirLock(dir);
      const owner = JSON.parse(fs.readFileSync(lockIn(dir), "utf8"));
      expect(owner).toEqual({ pid: process.pid, start: expect.stringMatching(/^\d+$/), boot: fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() });
      release();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test.runIf(hasProc)("a restarted container: the old pid is alive again as another process, and the lock is taken over", () =>
    withOther((dir, pid) => {
      const now = identify(pid);
      fs.writeFileSync(lockIn(dir), JSON.stringify({ ...now, start: String(Number(now.start) - 1000) }));
      const release = acquireDataDirLock(dir);
      expect(JSON.parse(fs.readFileSync(lockIn(dir), "utf8")).pid).toBe(process.pid);
      release();
    }));

  test.runIf(hasProc)("after a reboot (another boot id) the lock is stale even if its pid runs", () =>
    withOther((dir, pid) => {
      fs.writeFileSync(lockIn(dir), JSON.stringify({ ...identify(pid), boot: "00000000-0000-0000-0000-000000000000" }));
      const release = acquireDataDirLock(dir);
      expect(JSON.parse(fs.readFileSync(lockIn(dir), "utf8")).pid).toBe(process.pid);
      release();
    }));
});

describe("DATABASE_URL (issue 22 L5)", () => {
  const MESSAGE = "DATABASE_URL must be a postgres:// or postgresql:// URL, like postgres://user:password@host:5432/cardpanel.";
  test("only postgres:// and postgresql:// are accepted", () => {
    for (const url of ["mysql://user@127.0.0.1:3306/cards", "not a url", "http://db.example.in/cards"]) {
      expect(() => loadConfig({ DATABASE_URL: url }), url).toThrow(`Invalid configuration: DATABASE_URL: ${MESSAGE}`);
    }
    expect(loadConfig({ DATABASE_URL: "postgres://u@127.0.0.1:5432/db" }).DATABASE_URL).toBe("postgres://u@127.0.0.1:5432/db");
    expect(loadConfig({ DATABASE_URL: "postgresql://u@127.0.0.1:5432/db" }).DATABASE_URL).toBe("postgresql://u@127.0.0.1:5432/db");
  });

  test("the server refuses to start on a bad one with one line and exit code 1, no stack", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cp-dburl-"));
    try {
      const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
        env: { ...process.env, DATABASE_URL: "mysql://user@127.0.0.1:1/cards", DATA_DIR: dir, PORT: "39517", NODE_ENV: "production" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((r) => child.on("exit", (c) => r(c)));
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(`Invalid configuration: DATABASE_URL: ${MESSAGE}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("listening beyond loopback (issue 22 L10)", () => {
  test("HOST=0.0.0.0 without MAIN_HOST is production-like: no development secret, test gateway or OTP outbox", () => {
    for (const HOST of ["0.0.0.0", "::", "192.168.1.20"]) {
      for (const NODE_ENV of ["production", "development"]) {
        expect(() => loadConfig({ NODE_ENV, HOST }), `${NODE_ENV} ${HOST}`).toThrow(/SESSION_SECRET is required/);
        const config = loadConfig({ NODE_ENV, HOST, SESSION_SECRET: "s".repeat(40), SMTP_URL: real.SMTP_URL, SMS_API_URL: real.SMS_API_URL });
        expect(config).toMatchObject({ productionLike: true, useOutbox: false, paymentGateway: null, seedDemoData: false, sessionSecret: "s".repeat(40) });
      }
    }
  });

  test("DEMO_MODE=1 asks for the demo on such an address explicitly; loopback needs nothing (npm start, the browser tests)", () => {
    expect(loadConfig({ NODE_ENV: "production", HOST: "0.0.0.0", DEMO_MODE: "1" })).toMatchObject({ productionLike: false, useOutbox: true, paymentGateway: "test" });
    for (const env of [{}, { NODE_ENV: "production" }, { NODE_ENV: "production", HOST: "127.0.0.1" }, { HOST: "localhost" }, { HOST: "::1" }]) {
      expect(loadConfig(env), JSON.stringify(env)).toMatchObject({ productionLike: false, useOutbox: true, paymentGateway: "test", seedDemoData: true });
    }
    // A real host stays production, DEMO_MODE or not.
    expect(() => loadConfig({ NODE_ENV: "production", MAIN_HOST: "cards.example.in", DEMO_MODE: "1" })).toThrow(/SESSION_SECRET is required/);
  });
});
