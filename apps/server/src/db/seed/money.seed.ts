import type { SeedContext } from './seed-context';

/** Not built yet. */
export async function seedMoney(_ctx: SeedContext): Promise<void> {}
