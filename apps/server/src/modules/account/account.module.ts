import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';

/** Wires the account module's repository, service and routes. Not built yet. */
export async function registerAccountModule(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
