import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerBaseRoutes } from './base.routes';

/** Wires the base module: the enumeration lists (no database, no rules). */
export async function registerBaseModule(app: FastifyInstance, _deps: AppDeps): Promise<void> {
  registerBaseRoutes(app);
}
