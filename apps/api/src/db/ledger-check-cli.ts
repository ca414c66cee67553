import { loadConfigOrExit } from '../config';
import { checkInvariants } from '../modules/ledger/invariants';
import { openDatabaseOrExit } from './client';

/** `npm run ledger:check`: verifies money and parts invariants on the configured database (DATABASE_URL or ./data). */
const config = loadConfigOrExit();
const database = await openDatabaseOrExit(config);
try {
  const problems = await checkInvariants(database.db);
  if (problems.length === 0) {
    console.log(`[ledger:check] every invariant holds (${database.kind})`);
  } else {
    for (const problem of problems) console.error(`[ledger:check] ${problem}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
