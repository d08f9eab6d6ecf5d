import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AddFundsResponseSchema,
  makeAddFundsRequestSchema,
  RefundToCardRequestSchema,
  RefundToCardResponseSchema,
  WalletHistoryResponseSchema,
  WithdrawRequestSchema,
  WithdrawResponseSchema,
} from '@rentdrive/contracts/wallet';
import type { Clock } from '../../lib/clock';
import { requireUser } from '../../plugins/session';

// Anonymous callers get 401 before their body is validated.
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for a hook without `done` only when it returns a promise; async turns the throw into a rejection.
const requireSignedIn = async (request: FastifyRequest) => {
  requireUser(request);
};
import { parseIdempotencyKey } from '../../lib/idempotency-key';
import type { WalletService } from './wallet.service';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { WalletPaths } from '@rentdrive/contracts/paths';

export function registerWalletRoutes(app: FastifyInstance, { wallet, clock }: { wallet: WalletService; clock: Clock }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Expiry rules follow the injected clock, so tests can move time.
  const AddFundsBody = makeAddFundsRequestSchema(() => clock.now());

  api.post(
    WalletPaths.addFunds,
    {
      config: { access: 'user' },
      onRequest: requireSignedIn,
      schema: { tags: ['wallet'], body: AddFundsBody, response: { 200: AddFundsResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      return wallet.addFunds(user.id, request.body, key);
    },
  );

  api.post(
    WalletPaths.withdraw,
    {
      config: { access: 'user' },
      onRequest: requireSignedIn,
      schema: { tags: ['wallet'], body: WithdrawRequestSchema, response: { 200: WithdrawResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      return wallet.withdraw(user.id, request.body, key);
    },
  );

  api.post(
    WalletPaths.refundToCard,
    {
      config: { access: 'user' },
      onRequest: requireSignedIn,
      schema: { tags: ['wallet'], body: RefundToCardRequestSchema, response: { 200: RefundToCardResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      return wallet.refundToCard(user.id, request.body, key);
    },
  );

  api.get(
    WalletPaths.history,
    { config: { access: 'user' }, schema: { tags: ['wallet'], response: { 200: WalletHistoryResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      return wallet.history(user.id);
    },
  );
}
