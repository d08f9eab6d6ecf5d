import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';

/** Wires the contact module's repository, service and routes. Not built yet. */
export async function registerContactModule(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
