/**
 * One chat benchmark server instance in its own process (so its memory is its own): builds the
 * real app on DATABASE_URL (and REDIS_URL when set), listens on PORT, and answers IPC requests
 * for its memory after a full garbage collection. Run by bench/chat.ts with --expose-gc.
 */
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase } from '../apps/server/src/db/client';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', WEB_DIST_DIR: '/nonexistent' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database, overrides: { chatRateLimit: { maxMessages: 1_000, windowMs: 10_000 } } });
await app.listen({ host: '127.0.0.1', port: config.port });

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (message: { type: string }) => {
  if (message.type === 'memory') {
    gc?.();
    gc?.();
    const usage = process.memoryUsage();
    const cpu = process.cpuUsage();
    process.send?.({
      type: 'memory',
      rss: usage.rss,
      heapUsed: usage.heapUsed,
      external: usage.external,
      connections: app.chatHub.connectionCount,
      cpuMicros: cpu.user + cpu.system,
    });
  } else if (message.type === 'stop') {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  }
});
process.send?.({ type: 'ready' });
