/** A tiny structured logger: one JSON line per event in production, readable lines in development. */
export type Logger = {
  debug: (msg: string, data?: Record<string, unknown>) => void;
  info: (msg: string, data?: Record<string, unknown>) => void;
  warn: (msg: string, data?: Record<string, unknown>) => void;
  error: (msg: string, data?: Record<string, unknown>) => void;
};

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof LEVELS;

export function createLogger(opts: { level?: Level; json?: boolean } = {}): Logger {
  const min = LEVELS[opts.level ?? "info"];
  const write = (level: Level, msg: string, data?: Record<string, unknown>) => {
    if (LEVELS[level] < min) return;
    const out = level === "error" || level === "warn" ? process.stderr : process.stdout;
    if (opts.json) out.write(JSON.stringify({ t: new Date().toISOString(), level, msg, ...data }) + "\n");
    else out.write(`${level === "info" ? "" : level.toUpperCase() + " "}${msg}${data ? " " + JSON.stringify(data) : ""}\n`);
  };
  return {
    debug: (m, d) => write("debug", m, d),
    info: (m, d) => write("info", m, d),
    warn: (m, d) => write("warn", m, d),
    error: (m, d) => write("error", m, d),
  };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
