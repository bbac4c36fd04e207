import { z } from "zod";
import type { Access } from "#server/auth/roles.ts";
import type { AgencyRow, ApiContext, Deps } from "./env.ts";
import type { Actor } from "#server/auth/roles.ts";

export type Method = "get" | "post" | "put" | "delete";
type Schema = z.ZodType | undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type HandlerArgs<B extends Schema, Q extends Schema, P extends Schema> = {
  c: ApiContext;
  deps: Deps;
  agency: AgencyRow;
  actor: Actor;
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
};

/**
 * One declaration per API route: method, path (OpenAPI style, `/business/{id}`), who may
 * call it, its request and response schemas and the handler. Registration, validation,
 * the OpenAPI document, the typed panel client and the permission tests all read this.
 */
export type RouteDef<
  M extends Method = Method,
  P extends string = string,
  B extends Schema = Schema,
  Q extends Schema = Schema,
  Pa extends Schema = Schema,
  R extends z.ZodType = z.ZodType,
> = {
  method: M;
  path: P;
  summary: string;
  tag: string;
  access: Access;
  body?: B;
  /** multipart/form-data instead of JSON (file uploads). */
  bodyType?: "json" | "multipart";
  /** Upload size limit for multipart routes (default 10 MiB); JSON bodies are capped at 256 KiB. */
  maxBodyBytes?: number;
  query?: Q;
  params?: Pa;
  response: R;
  /** Responses that are not JSON (files, CSV) return a Response and declare it here. */
  raw?: true;
  handler: (args: HandlerArgs<B, Q, Pa>) => Promise<z.input<R> | Response>;
};

export function defineRoute<
  const M extends Method,
  const P extends string,
  R extends z.ZodType,
  B extends Schema = undefined,
  Q extends Schema = undefined,
  Pa extends Schema = undefined,
>(def: RouteDef<M, P, B, Q, Pa, R>): RouteDef<M, P, B, Q, Pa, R> {
  return def;
}

// Any route, for registries and walkers (handlers are contravariant, so erase them).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDef<Method, string, any, any, any, z.ZodType>;

/** `/business/{id}` → `/business/:id` for Hono. */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

export { q } from "#contracts/query.ts";
