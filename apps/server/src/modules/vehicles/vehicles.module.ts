import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';

/** Wires the vehicles module's repository, service and routes. Not built yet. */
export async function registerVehiclesModule(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
