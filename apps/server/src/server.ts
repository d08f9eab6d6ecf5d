import { buildApp } from './app';
import { loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { seedDemoData } from './seed/index';

/** The only file that listens. Opens the database, migrates, seeds on first start, serves, and shuts down gracefully. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const app = await buildApp({ config, database });
if (config.seedDemoData) await seedDemoData({ database, config, log: (m) => app.log.info(m) });

await app.listen({ host: config.host, port: config.port });
app.server.keepAliveTimeout = 65_000;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await app.close();
    await database.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
