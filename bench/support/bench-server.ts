import { startServer } from '../../apps/server/src/start-server';

/**
 * The production server for benchmarks run as a child process: a parent with an IPC channel may ask
 * how many statements this instance has sent to PostgreSQL ('statement-count').
 */
await startServer({
  onListening: (_app, database) => {
    process.on('message', (message) => {
      if (message === 'statement-count') process.send?.({ statementCount: database.statementCount?.() ?? null });
    });
  },
});
