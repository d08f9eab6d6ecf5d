import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerAuditRoutes } from './audit.routes';
import { createAuditService } from './audit.service';

/** The audit trail's reading side (employees); writing is recordAudit (audit.ts), called by each module. */
export function registerAudit(app: FastifyInstance, { db }: { db: Db }): void {
  registerAuditRoutes(app, createAuditService({ db }));
}
