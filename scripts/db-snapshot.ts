// `npm run db:snapshot`: writes the snapshot of the newest migration from the schema (after adding a
// hand-written migration, or one whose snapshot is missing). See apps/server/src/db/migration-snapshots.ts.
import path from 'node:path';
import { writeNewestSnapshot } from '../apps/server/src/db/migration-snapshots';

console.log(`Wrote ${path.relative(process.cwd(), writeNewestSnapshot())}`);
