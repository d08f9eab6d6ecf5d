import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerCatalogueRoutes } from './catalogue.routes';
import { createCatalogueService } from './catalogue.service';

/** Vehicle types, categories and type properties (issue 3). */
export async function registerCatalogueModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const service = createCatalogueService({ db: deps.database.db, clock: deps.clock });
  registerCatalogueRoutes(app, service);
}
