// npm run geocode    fills every venue that lacks valid coordinates from its address, with the
// geocoder GEOCODER selects (offline ZIP/town centroids by default), and prints how many it fixed
// and how many failed. On the embedded database, stop the server first (one process per folder).
import { loadConfig } from "~/infra/config.server";
import { openDatabase } from "~/infra/db.server";
import { createGeocoder } from "~/infra/geocoder.server";
import { createLogger } from "~/infra/logger.server";
import { countVenuesLackingCoordinates, geocodeMissingVenues } from "~/services/geocoding.server";

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.withStartupLock(() => database.migrate());
    const geocoder = createGeocoder(config, { logger });
    const before = await countVenuesLackingCoordinates(database.db);
    console.log(
      `${before.missing} of ${before.total} venues lack valid coordinates (geocoder: ${geocoder.name})`,
    );
    const started = Date.now();
    const result = await geocodeMissingVenues(
      { db: database.db, geocoder, logger },
      { onBatch: (p) => console.log(`  ${p.fixed + p.failed} of ${before.missing} done`) },
    );
    for (const f of result.failures.slice(0, 50)) console.log(`  failed: ${f.name} (${f.id}): ${f.reason}`);
    if (result.failures.length > 50) console.log(`  ... and ${result.failures.length - 50} more`);
    console.log(
      `Fixed ${result.fixed} venues, ${result.failed} failed, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`geocode failed: ${(err instanceof Error ? err.message : String(err)).split("\n")[0]}`);
  process.exit(1);
});
