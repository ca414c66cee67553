import { join } from 'node:path';
import { LocalDiskStorage } from '../adapters/storage/local-disk';
import { loadConfigOrExit } from '../config';
import { openDatabaseOrExit } from './client';
import { seed } from './seed';

const config = loadConfigOrExit();
const database = await openDatabaseOrExit(config);
await database.migrate();
await seed(database.db, config, new LocalDiskStorage(join(config.dataDir, 'media')));
console.log(`[db:seed] done (${database.kind})`);
await database.close();
