/**
 * What a 5xx may tell the log and the error reporter: the error's class, the database's error
 * code and constraint, and where in the code it happened. Never the message: a failed query's
 * message holds its SQL and parameters (names, phones, messages visitors typed), and a
 * PostgreSQL error's text or detail can quote the offending value.
 */
type PgLike = { code?: unknown; constraint?: unknown; table?: unknown; routine?: unknown };

export function describeServerError(err: unknown) {
  const outer = err instanceof Error ? err : undefined;
  // Drizzle wraps the driver's error in `cause`: its class and code say what went wrong.
  const inner = outer?.cause instanceof Error ? outer.cause : outer;
  const pg = (inner ?? {}) as PgLike;
  const str = (v: unknown) => (typeof v === "string" && /^[\w.-]{1,64}$/.test(v) ? v : undefined);
  return {
    errorClass: outer ? outer.constructor.name : typeof err,
    ...(inner && inner !== outer && { causeClass: inner.constructor.name }),
    ...(str(pg.code) && { dbCode: str(pg.code) }),
    ...(str(pg.constraint) && { constraint: str(pg.constraint) }),
    ...(str(pg.table) && { table: str(pg.table) }),
    // Only the "at …" frames: the first line of a stack repeats the message.
    stack: outer?.stack?.split("\n").filter((l) => /^\s+at /.test(l)).slice(0, 12).join("\n"),
  };
}

/** A stand-in for the reporter (Sentry): same class name and frames, no message. */
export function redactedError(err: unknown) {
  const d = describeServerError(err);
  const out = new Error([d.causeClass, d.dbCode, d.constraint].filter(Boolean).join(" ") || d.errorClass);
  out.name = d.errorClass;
  out.stack = `${out.name}: ${out.message}\n${d.stack ?? ""}`;
  return out;
}
