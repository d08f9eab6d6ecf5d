import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { createObjectStore } from '../storage/create-object-store';
import { seedDemoData } from './index';

// `npm run db:seed`: migrate and seed the configured database (idempotent).
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const images = createObjectStore(config.storage);
try {
  await database.migrate();
  await seedDemoData({ database, config, images, log: (m) => console.log(m) });
} finally {
  await images.close();
  await database.close();
}
