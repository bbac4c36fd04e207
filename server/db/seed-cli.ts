/**
 * `npm run seed`: apply migrations, then add the demo data to an empty database.
 * On a database that already has the platform agency it changes nothing.
 */
import { loadConfigOrExit } from "../config.ts";
import { openDatabase } from "./client.ts";
import { seed } from "./seed.ts";

const config = loadConfigOrExit();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, migrate: true });
try {
  const summary = await seed(database.db, { mainHost: config.MAIN_HOST, publicUrl: config.publicUrl });
  const where = database.driver === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL";
  if (!summary.created) {
    console.log(`Already seeded (${where}): the platform agency for ${config.MAIN_HOST} exists; nothing changed.`);
  } else {
    console.log(`Seeded demo data (${where}).`);
    for (const a of summary.agencies) console.log(`agency  ${a.name.padEnd(16)} ${a.host}`);
    for (const s of summary.signIns) console.log(`sign-in ${s.role.padEnd(34)} ${s.login.padEnd(22)} ${s.password}  ${s.url}`);
  }
} finally {
  await database.close();
}
