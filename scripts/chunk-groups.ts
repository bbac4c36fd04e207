/**
 * The build's chunk groups (vite.config.ts, ADR 0077). Left to itself the build made a file of
 * every small module that several routes share: 33 on the customer home, 25.7 KB gzipped one by
 * one where they are 17.9 KB together, and a request each on a slow link. Now:
 * - "framework": React, React DOM and React Router, in one chunk of their own;
 * - "shell": our modules (app/components, app/lib, contracts) that at least `minShareCount` route
 *   chunks import, if their own imports stay within our code and the framework. Rolldown puts a
 *   captured module's dependencies in the same chunk: a module importing zod or libphonenumber
 *   would bring them to every page, so it stays where it was.
 */
type ModuleInfo = { importedIds: readonly string[] };
type Ctx = { getModuleInfo(id: string): ModuleInfo | null };

const OURS = /[\\/](app[\\/](components|lib)|contracts)[\\/]/;
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

export function chunkGroups(minShareCount = 6) {
  const known = new Map<string, boolean>();
  /** Ours, and importing nothing but ours and the framework, all the way down (import cycles included). */
  const light = (id: string, ctx: Ctx): boolean => {
    if (!OURS.test(id) || id.includes("node_modules")) return false;
    if (known.has(id)) return known.get(id)!;
    const seen = new Set<string>([id]);
    const stack = [id];
    let ok = true;
    while (ok && stack.length) {
      for (const dep of ctx.getModuleInfo(stack.pop()!)?.importedIds ?? []) {
        if (seen.has(dep) || FRAMEWORK.test(dep)) continue;
        if (!OURS.test(dep) || dep.includes("node_modules") || known.get(dep) === false) {
          ok = false;
          break;
        }
        seen.add(dep);
        stack.push(dep);
      }
    }
    known.set(id, ok);
    return ok;
  };
  return [
    { name: "framework", test: FRAMEWORK, priority: 2 },
    { name: (id: string, ctx: Ctx) => (light(id, ctx) ? "shell" : null), minShareCount, priority: 1 },
  ];
}
