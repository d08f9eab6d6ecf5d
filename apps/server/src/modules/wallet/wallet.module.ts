import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { TestPaymentGateway, type PaymentGateway } from './payment-gateway';
import { registerWalletRoutes } from './wallet.routes';
import { createWalletService } from './wallet.service';

/**
 * Wires the wallet: ledger, top-ups through the payment gateway, history, and the balances reader
 * the account module uses. Tests inject their own gateway as `overrides.paymentGateway`.
 */
export async function registerWalletModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const gateway = (deps.services.paymentGateway as PaymentGateway | undefined) ?? new TestPaymentGateway();
  const wallet = createWalletService({
    db: deps.database.db,
    clock: deps.clock,
    companyFeePercent: deps.config.companyFeePercent,
    gateway,
  });
  deps.services.wallet = wallet;
  registerWalletRoutes(app, { wallet, clock: deps.clock });
}
