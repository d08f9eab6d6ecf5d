import type { SeedContext } from './seed-context';

/** Not built yet. */
export async function seedChat(_ctx: SeedContext): Promise<void> {}
