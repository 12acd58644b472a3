// npm run seed                      demo directory, only when there are no venues yet
// npm run seed -- --venues 100000   that many generated venues, for scale tests (empty table only)
// npm run seed -- --art-only        the demo's pictures drawn into the art cache, no database
//                                   (npm test, before the stages that seed)
import { parseArgs } from "node:util";
import { loadConfig } from "~/infra/config.server";
import { openDatabase } from "~/infra/db.server";
import { createStorage } from "~/infra/storage.server";
import { seedIfEmpty, seedScale, warmArtCache } from "../app/services/seed.server";
import { runCli } from "./cli";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { venues: { type: "string" }, "art-only": { type: "boolean", default: false } },
  });
  if (values["art-only"]) return warmArtCache({ log: (msg) => console.log(msg) });
  const scale = values.venues === undefined ? undefined : Number(values.venues);
  if (scale !== undefined && !(Number.isInteger(scale) && scale > 0)) {
    throw new Error("--venues needs a positive whole number");
  }
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.withStartupLock(() => database.migrate());
    const storage = createStorage(config);
    const log = (msg: string) => console.log(msg);
    const started = Date.now();
    if (scale === undefined) {
      const r = await seedIfEmpty(database.db, storage, { log });
      const what = `${r.venues} venues, ${r.pending} pending, ${r.categories} categories, ${r.amenities} amenities, ${r.reviews} reviews, ${r.faqs} FAQs`;
      console.log(
        r.seeded
          ? `Seeded ${what} in ${Date.now() - started} ms`
          : `Already has venues, nothing seeded (${what})`,
      );
    } else {
      const r = await seedScale(database.db, storage, scale, { log });
      console.log(
        `Seeded ${r.venues} venues, ${r.reviews} reviews in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await database.close();
  }
}

runCli("seed", () => main().then(() => 0));
