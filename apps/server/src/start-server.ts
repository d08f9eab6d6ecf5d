import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app';
import { loadConfig, type AppConfig } from './config/env';
import { openDatabase, type Database } from './db/client';
import { serveMetrics } from './modules/metrics/metrics';
import { seedDemoData } from './seed/index';

export interface StartServerOptions {
  /** Routes an entry point outside production adds (see BuildAppOptions.extraRoutes). */
  extraRoutes?: (config: AppConfig) => BuildAppOptions['extraRoutes'];
  /** Called once the server listens (a benchmark's entry point answers its parent's questions from here). */
  onListening?: (app: FastifyInstance, database: Database) => void;
}

/**
 * Opens the database, migrates, seeds on first start, serves, and shuts down gracefully. server.ts
 * (production) calls it as is; the end-to-end and benchmark entry points add their hooks.
 */
export async function startServer({ extraRoutes, onListening }: StartServerOptions = {}): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Instances started together on one fresh database migrate and seed one after another: the first
  // does the work, the others find it done.
  const app = await database.withStartupLock(async () => {
    await database.migrate();
    const built = await buildApp({ config, database, extraRoutes: extraRoutes?.(config) });
    if (config.seedDemoData) await seedDemoData({ database, config, images: built.imageStore, log: (m) => built.log.info(m) });
    return built;
  });

  await app.listen({ host: config.host, port: config.port });
  // Metrics on their own port only (METRICS_PORT), never the public one.
  const metricsServer = app.metrics && config.metrics ? await serveMetrics(app, app.metrics, config.metrics) : undefined;
  if (metricsServer) app.log.info({ port: metricsServer.port }, 'metrics served at /metrics');
  onListening?.(app, database);
  app.server.keepAliveTimeout = 65_000;

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await metricsServer?.close();
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
