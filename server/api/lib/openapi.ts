import { z } from "zod";
import type { AnyRoute } from "./define-route.ts";

const json = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any", target: "openapi-3.0" });

/** The OpenAPI 3 document, generated from the route declarations. */
export function openApiDocument(routes: readonly AnyRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const parameters: unknown[] = [];
    for (const [where, schema] of [["query", r.query], ["path", r.params]] as const) {
      if (!schema) continue;
      const s = json(schema, "input") as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, prop] of Object.entries(s.properties ?? {})) {
        parameters.push({ name, in: where, required: where === "path" || !!s.required?.includes(name), schema: prop });
      }
    }
    (paths[r.path] ??= {})[r.method] = {
      summary: r.summary,
      tags: [r.tag],
      "x-access": r.access,
      parameters,
      ...(r.body && {
        requestBody: {
          required: true,
          content: {
            [r.bodyType === "multipart" ? "multipart/form-data" : "application/json"]: { schema: json(r.body, "input") },
          },
        },
      }),
      responses: {
        200: r.raw
          ? { description: "A file" }
          : { description: "OK", content: { "application/json": { schema: json(r.response, "output") } } },
        default: {
          description: "Error",
          content: { "application/json": { schema: { type: "object", properties: { message: { type: "string" } }, required: ["message"] } } },
        },
      },
    };
  }
  return {
    openapi: "3.0.3",
    info: { title: "Card Panel API", version: "1.0.0" },
    servers: [{ url: "/api/v1" }],
    paths,
  };
}
