import type { FastifyInstance } from 'fastify';
import { makeAddFundsRequestSchema, Wallet } from '@rentdrive/contracts/wallet';
import type { Clock } from '../../lib/clock';
import { parseIdempotencyKey } from '../../lib/idempotency-key';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { requireUser } from '../../plugins/session';
import type { WalletService } from './wallet.service';

export function registerWalletRoutes(app: FastifyInstance, { wallet, clock }: { wallet: WalletService; clock: Clock }): void {
  const { route } = endpointRoutes(app, { tags: ['wallet'] });
  // Expiry rules follow the injected clock, so tests can move time.
  const addFunds = { ...Wallet.addFunds, body: makeAddFundsRequestSchema(() => clock.now()) };

  route(addFunds, { access: 'user' }, async (request) => {
    const user = requireUser(request);
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    return wallet.addFunds(user.id, request.body, key);
  });

  route(Wallet.withdraw, { access: 'user' }, async (request) => {
    const user = requireUser(request);
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    return wallet.withdraw(user.id, request.body, key);
  });

  route(Wallet.refundToCard, { access: 'user' }, async (request) => {
    const user = requireUser(request);
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    return wallet.refundToCard(user.id, request.body, key);
  });

  route(Wallet.history, { access: 'user' }, async (request) => wallet.history(requireUser(request).id));
}
