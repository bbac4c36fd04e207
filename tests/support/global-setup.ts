import type { TestProject } from "vitest/node";
import { createTemplate, dropTemplate } from "./db-template.ts";

/** Vitest global setup: build the migrated + seeded template once per run; drop it at the end. */
export default async function setup(project: TestProject) {
  const started = performance.now();
  const info = await createTemplate();
  project.provide("dbTemplate", info);
  if (process.env.DEBUG_TEST_DB) {
    console.log(`[test db] ${info.mode} template ready in ${Math.round(performance.now() - started)} ms`);
  }
  return async () => {
    await dropTemplate(info);
  };
}
