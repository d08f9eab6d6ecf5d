#!/usr/bin/env node
// Starts the built app for Playwright on a fresh embedded database with demo data, then becomes the server.
import { rmSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.DATA_DIR ?? '.tmp/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
await import('tsx/esm');
await import('../apps/server/test/e2e-server.ts');
