import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { seedDemoData } from './index';

// `npm run db:seed`: migrate and seed the configured database (idempotent).
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  await seedDemoData({ database, config, log: (m) => console.log(m) });
} finally {
  await database.close();
}
