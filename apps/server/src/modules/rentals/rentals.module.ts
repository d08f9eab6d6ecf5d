import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';

/** Wires the rentals module's repository, service and routes. Not built yet. */
export async function registerRentalsModule(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
