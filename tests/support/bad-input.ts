/**
 * Malformed requests derived from a route's zod schemas (zod 4 `z.toJSONSchema` introspection):
 * a plausible valid base, then one broken thing at a time.
 */
import { z } from "zod";
import type { AnyRoute } from "#server/api/lib/define-route.ts";
import { DEMO_PASSWORD } from "#server/db/demo-accounts.ts";
import { fillPath, pathParamNames } from "./routes.ts";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
};

export const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;

/** Values that satisfy the usual rules for well-known field names. */
const KNOWN: Record<string, unknown> = {
  phoneNumber: "9123456789",
  email: "sample@example.com",
  password: DEMO_PASSWORD,
  otp: "123456",
  // A product payment is either the gateway's three fields or a manual update (contracts/payments.ts).
  isManualUpdate: true,
  // A link type's icon: a built-in one (contracts/link-store-constants.ts).
  iconUrl: "/link-icons/link.svg",
};

export function sampleValue(s: JsonSchema, name = ""): unknown {
  if (name in KNOWN) return KNOWN[name];
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alt = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (alt) return sampleValue(alt, name);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "string":
      if (s.format === "email") return "sample@example.com";
      if (s.format === "uri" || s.format === "url") return "https://example.com/";
      if (s.format === "date-time") return new Date().toISOString();
      if (s.format === "date") return new Date().toISOString().slice(0, 10);
      return "sample".padEnd(s.minLength ?? 0, "x");
    case "integer":
    case "number":
      return Math.max(1, s.minimum ?? 1, (s.exclusiveMinimum ?? 0) + 1);
    case "boolean":
      return false;
    case "array":
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sampleValue(s.items ?? {}));
    case "object":
      return sampleObject(s, () => true);
    default:
      return "sample";
  }
}

function sampleObject(s: JsonSchema, accept: (v: unknown) => boolean): Record<string, unknown> {
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const base: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(props)) if (required.has(k)) base[k] = sampleValue(p, k);
  if (accept(base)) return base;
  // Cross-field rules (e.g. "phone number or email"): add optional fields one at a time.
  for (const [k, p] of Object.entries(props)) {
    if (required.has(k) || p.default !== undefined) continue;
    const next = { ...base, [k]: sampleValue(p, k) };
    if (accept(next)) return next;
  }
  return base;
}

/** A plausible valid value for a whole part (body/query), checked against the real schema. */
export function sampleFor(schema: z.ZodType, stringsOnly = false): Record<string, unknown> {
  const js = jsonSchemaOf(schema);
  const stringify = (o: Record<string, unknown>) =>
    stringsOnly ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)])) : o;
  return stringify(sampleObject(js, (v) => schema.safeParse(stringify(v as Record<string, unknown>)).success));
}

/** Field paths of an object schema, one level into arrays of objects (`logEvents.0.logEventName`). */
export function fieldPaths(s: JsonSchema, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  const out: (string | number)[][] = [];
  for (const [k, p] of Object.entries(s.properties ?? {})) {
    const here = [...prefix, k];
    out.push(here);
    if (depth >= 2) continue;
    if (p.type === "object" && p.properties) out.push(...fieldPaths(p, here, depth + 1));
    if (p.type === "array" && p.items?.type === "object") out.push(...fieldPaths(p.items, [...here, 0], depth + 1));
  }
  return out;
}

function setPath(obj: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(obj) as Record<string | number, unknown>;
  let cur: Record<string | number, unknown> = copy;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    if (cur[key] === null || typeof cur[key] !== "object") cur[key] = typeof path[i + 1] === "number" ? [] : {};
    cur = cur[key] as Record<string | number, unknown>;
  }
  cur[path.at(-1)!] = value;
  return copy;
}

const LONG = "x".repeat(10_000);
/** Wrong types and edge values for a JSON field (number↔string, object, array, null, huge, negative). */
export const BAD_JSON_VALUES: [string, unknown][] = [
  ["12345", 12345],
  ['"not-valid"', "not-valid"],
  ["true", true],
  ["{}", {}],
  ["[]", []],
  ["null", null],
  ['"x"×10000', LONG],
  ["-1", -1],
  ["99999999999", 99_999_999_999],
  ["1.5", 1.5],
  ['""', ""],
  ["[6]", [6]],
];
/**
 * Strings no field may store, whatever its schema says (contracts/input-rule.ts): the walk
 * expects them refused in every string field, query value and path parameter.
 */
export const UNSTORABLE_STRINGS: [string, string][] = [
  ["a NUL byte", "ab\u0000cd"],
  ["a lone surrogate", "ab\ud800cd"],
];
/** Id fields take whole numbers only: what `z.coerce.number()` used to turn into an id. */
const NOT_IDS: [string, unknown][] = [
  ["true", true],
  ["[6]", [6]],
  ['"1e3"', "1e3"],
];
/** A field named like an id (`id`, `businessId`, `cardNo`, `hierarchy2`) whose schema takes a number. */
function isIdField(js: JsonSchema, path: (string | number)[]) {
  const name = path.at(-1);
  if (typeof name !== "string" || !/^(id|cardNo|hierarchy2)$|Id$/.test(name)) return false;
  let s: JsonSchema | undefined = js;
  for (const k of path) s = typeof k === "number" ? s?.items : s?.properties?.[k];
  const types = [s, ...(s?.anyOf ?? []), ...(s?.oneOf ?? [])].flatMap((x) => (Array.isArray(x?.type) ? x.type : [x?.type]));
  return types.includes("number") || types.includes("integer");
}

/** `{ "d": { "d": … } }`, `levels` deep. */
export function nested(levels: number): unknown {
  let v: unknown = "bottom";
  for (let i = 0; i < levels; i++) v = { d: v };
  return v;
}
/** Bad strings for query values and path params (they always arrive as strings). */
export const BAD_STRINGS: [string, string][] = [
  ["abc", "abc"],
  ["-1", "-1"],
  ["0", "0"],
  ["1.5", "1.5"],
  ["99999999999", "99999999999"],
  ["1e3", "1e3"],
  ["x×10000", LONG],
  ["'; drop table users; --", "'; drop table users; --"],
];

export type BadCase = {
  name: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  /** Does the route's schema accept this input? Then any non-5xx answer is fine. */
  schemaAccepts: boolean;
};

/** Every malformed request for one route. Empty when the route takes no input. */
export function badInputCases(route: AnyRoute): BadCase[] {
  const cases: BadCase[] = [];
  const paramNames = pathParamNames(route.path);
  const baseParams = route.params ? (sampleFor(route.params, true) as Record<string, string>) : {};
  for (const n of paramNames) baseParams[n] ??= "1";
  const basePath = fillPath(route.path, (n) => baseParams[n]);
  const baseQuery = route.query ? (sampleFor(route.query, true) as Record<string, string>) : undefined;
  const baseBody = route.body && route.bodyType !== "multipart" ? sampleFor(route.body) : undefined;
  const ok = (schema: z.ZodType | undefined, v: unknown) => !schema || schema.safeParse(v).success;

  for (const n of paramNames) {
    // A lone surrogate cannot be percent-encoded (it is not UTF-8): only the NUL goes in a path.
    cases.push({ name: `param ${n} = a NUL byte`, path: fillPath(route.path, (k) => (k === n ? "1\u0000" : baseParams[k])), query: baseQuery, body: baseBody, schemaAccepts: false });
    if (route.params && isIdField(jsonSchemaOf(route.params), [n])) {
      for (const v of ["true", "1e3"]) {
        cases.push({ name: `param ${n} = ${v} (not an id)`, path: fillPath(route.path, (k) => (k === n ? v : baseParams[k])), query: baseQuery, body: baseBody, schemaAccepts: false });
      }
    }
    for (const [label, v] of BAD_STRINGS) {
      const params = { ...baseParams, [n]: v };
      cases.push({
        name: `param ${n} = ${label}`,
        path: fillPath(route.path, (k) => params[k]),
        query: baseQuery,
        body: baseBody,
        schemaAccepts: ok(route.params, params),
      });
    }
  }

  if (route.query) {
    const js = jsonSchemaOf(route.query);
    for (const key of Object.keys(js.properties ?? {})) {
      for (const [label, v] of [...BAD_STRINGS, ['""', ""] as [string, string]]) {
        const query = { ...baseQuery, [key]: v };
        cases.push({ name: `query ${key} = ${label}`, path: basePath, query, body: baseBody, schemaAccepts: ok(route.query, query) });
      }
      cases.push({ name: `query ${key} = a NUL byte`, path: basePath, query: { ...baseQuery, [key]: "1\u0000" }, body: baseBody, schemaAccepts: false });
      if (isIdField(js, [key])) {
        for (const v of ["true", "1e3", "[6]"]) {
          cases.push({ name: `query ${key} = ${v} (not an id)`, path: basePath, query: { ...baseQuery, [key]: v }, body: baseBody, schemaAccepts: false });
        }
      }
    }
  }

  if (route.body && route.bodyType === "multipart") {
    cases.push({ name: "JSON instead of multipart", path: basePath, query: baseQuery, body: {}, schemaAccepts: false });
    const multipart = { "content-type": "multipart/form-data; boundary=XyZ" };
    cases.push({ name: "multipart: truncated", path: basePath, query: baseQuery, rawBody: '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nbroken', headers: multipart, schemaAccepts: false });
    cases.push({ name: "multipart: no parts, no closing boundary", path: basePath, query: baseQuery, rawBody: "garbage", headers: multipart, schemaAccepts: false });
    cases.push({ name: "multipart: no boundary", path: basePath, query: baseQuery, rawBody: "--x--", headers: { "content-type": "multipart/form-data" }, schemaAccepts: false });
    for (const field of Object.keys(jsonSchemaOf(route.body).properties ?? {})) {
      const form = new FormData();
      form.set(field, "1\u0000");
      cases.push({ name: `multipart: ${field} = a NUL byte`, path: basePath, query: baseQuery, rawBody: form, schemaAccepts: false });
    }
  } else if (route.body) {
    const whole: [string, BodyInit][] = [
      ["invalid JSON text", '{"a":'],
      ["JSON array instead of object", "[]"],
      ["JSON array of objects", JSON.stringify([baseBody])],
      ["JSON null", "null"],
      ["JSON string", '"text"'],
      ["JSON number", "42"],
      ["not JSON at all", "hello=world&a=1"],
    ];
    for (const [name, rawBody] of whole) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody as string);
      } catch {
        parsed = Symbol("invalid");
      }
      cases.push({ name: `body: ${name}`, path: basePath, query: baseQuery, rawBody, schemaAccepts: typeof parsed !== "symbol" && ok(route.body, parsed) });
    }
    cases.push({
      name: "body: larger than 256 KB",
      path: basePath,
      query: baseQuery,
      rawBody: JSON.stringify({ ...baseBody, padding: "x".repeat(300_000) }),
      schemaAccepts: false,
    });
    cases.push({ name: "body: nested 100 levels deep", path: basePath, query: baseQuery, body: { ...baseBody, deep: nested(100) }, schemaAccepts: false });
    cases.push({ name: "body: a key with a NUL byte", path: basePath, query: baseQuery, body: { ...baseBody, "k\u0000": 1 }, schemaAccepts: false });
    const bodyJs = jsonSchemaOf(route.body);
    for (const p of fieldPaths(bodyJs)) {
      for (const [label, v] of BAD_JSON_VALUES) {
        const body = setPath(baseBody, p, v);
        cases.push({ name: `body.${p.join(".")} = ${label}`, path: basePath, query: baseQuery, body, schemaAccepts: ok(route.body, body) });
      }
      for (const [label, v] of UNSTORABLE_STRINGS) {
        cases.push({ name: `body.${p.join(".")} = ${label}`, path: basePath, query: baseQuery, body: setPath(baseBody, p, v), schemaAccepts: false });
      }
      if (isIdField(bodyJs, p)) {
        for (const [label, v] of NOT_IDS) {
          cases.push({ name: `body.${p.join(".")} = ${label} (not an id)`, path: basePath, query: baseQuery, body: setPath(baseBody, p, v), schemaAccepts: false });
        }
      }
    }
  }
  return cases;
}
