import type { ObjectStore } from '../storage/object-store';
import { seedCatalogue } from './catalogue.seed';
import { seedChat } from './chat.seed';
import { seedLocations } from './locations.seed';
import { seedMoney } from './money.seed';
import type { SeedContext } from './seed-context';
import { seedUsers } from './users.seed';

/**
 * Demo data, in dependency order. Each part is idempotent on its own (it checks whether its data is
 * there), so a later release can add a part to an existing database.
 */
export async function seedDemoData(ctx: SeedContext & { images: ObjectStore }): Promise<void> {
  await seedUsers(ctx);
  await seedCatalogue(ctx);
  await seedLocations(ctx);
  await seedMoney(ctx);
  await seedChat(ctx);
}
