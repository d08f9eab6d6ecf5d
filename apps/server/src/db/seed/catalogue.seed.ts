import type { SeedContext } from './seed-context';

/** Not built yet. */
export async function seedCatalogue(_ctx: SeedContext): Promise<void> {}
