import { buildApp } from './app';
import { loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { seedDemoData } from './seed/index';

/** The only file that listens. Opens the database, migrates, seeds on first start, serves, and shuts down gracefully. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// Instances started together on one fresh database migrate and seed one after another: the first
// does the work, the others find it done.
const app = await database.withStartupLock(async () => {
  await database.migrate();
  const built = await buildApp({ config, database });
  if (config.seedDemoData) await seedDemoData({ database, config, images: built.imageStore, log: (m) => built.log.info(m) });
  return built;
});

await app.listen({ host: config.host, port: config.port });
// A parent process with an IPC channel (the benchmarks) may ask how many statements this instance
// has sent to PostgreSQL; a server started any other way has no channel and never sees this.
if (process.send) {
  process.on('message', (message) => {
    if (message === 'statement-count') process.send?.({ statementCount: database.statementCount?.() ?? null });
  });
}
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
