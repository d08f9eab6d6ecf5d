import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerContactRoutes } from './contact.routes';
import { createContactService } from './contact.service';

/** Wires the contact module: POST /api/contact stores the message. */
export async function registerContactModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerContactRoutes(app, { service: createContactService({ db: deps.database.db, clock: deps.clock }) });
}
