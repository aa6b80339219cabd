// The operator's review flag (docs/security.md): marks a self-service retailer as reviewed, so
// the item prices its secret key sends can back automatic item credits. Refused (exit 1, nothing
// changed) until the business email is verified. No admin UI: run it where the server's variables
// are set.
//
// Usage: node scripts/pnpm.mjs --filter api review-retailer <retailer-id>
// With the embedded database (no DATABASE_URL), stop the server first: PGlite opens one process.
import { ConfigError, loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/database.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { markRetailerReviewed } from '../src/retailer-accounts/vetting.ts';

const retailerId = process.argv[2];
if (!retailerId || process.argv.length > 3) {
  console.error(
    'Usage: review-retailer.ts <retailer-id>   (the id in /api/retailers, e.g. acme-outfitters)',
  );
  process.exit(2);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateDatabase(database);
  const result = await markRetailerReviewed(database.db, retailerId);
  if (result.ok) {
    console.log(`Reviewed: ${result.businessName} (${retailerId}) is now a vetted retailer.`);
  } else {
    console.error(result.message);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
