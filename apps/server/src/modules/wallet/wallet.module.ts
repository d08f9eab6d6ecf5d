import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { splitRentalPayment } from '@rentdrive/domain/fees';
import type { AppDeps } from '../../app-deps';
import { ledgerAccounts, rentals, vehicles } from '../../db/schema/index';

/**
 * Wires the wallet module. For now only the balances reader other modules use; the ledger,
 * top-ups and history come with the money issue.
 */
export async function registerWalletModule(_app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  deps.services.wallet = {
    async getBalances(userId: string) {
      const [account] = await db.select({ balanceCents: ledgerAccounts.balanceCents }).from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
      const active = await db
        .select({ totalCents: rentals.totalCents, isCompanyProperty: vehicles.isCompanyProperty })
        .from(rentals)
        .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
        .where(and(eq(vehicles.ownerId, userId), eq(rentals.status, 'Active')));
      const pendingCents = active.reduce(
        (sum, r) => sum + splitRentalPayment(r.totalCents, deps.config.companyFeePercent, r.isCompanyProperty).ownerCents,
        0,
      );
      return { balanceCents: account?.balanceCents ?? 0, pendingCents };
    },
  };
}
