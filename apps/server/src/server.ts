import { startServer } from './start-server';

/** The only production entry point that listens (see start-server.ts). */
await startServer();
