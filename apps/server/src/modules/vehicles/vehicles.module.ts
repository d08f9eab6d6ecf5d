import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerVehiclesRoutes } from './vehicles.routes';
import { createVehiclesService } from './vehicles.service';

/** Vehicle details, listing a vehicle with images, editing, deleting, My Vehicles (issue 3). */
export async function registerVehiclesModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const service = createVehiclesService({
    db: deps.database.db,
    clock: deps.clock,
    timeZone: deps.config.timeZone,
    uploadDir: deps.config.uploadDir,
  });
  await registerVehiclesRoutes(app, service, deps.config.uploadDir);
}
