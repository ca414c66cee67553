import { loadConfigOrExit } from '../config';
import { openDatabaseOrExit } from './client';
import { migrationStatus } from './migration-status';

const config = loadConfigOrExit();
const database = await openDatabaseOrExit(config);
await database.migrate();
console.log(`[db:migrate] ${database.kind}:`, await migrationStatus(database.db));
await database.close();
