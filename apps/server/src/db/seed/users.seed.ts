import type { SeedContext } from './seed-context';

/** Not built yet. */
export async function seedUsers(_ctx: SeedContext): Promise<void> {}
