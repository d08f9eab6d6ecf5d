import type { FastifyInstance } from 'fastify';
import { ContactRequestSchema, ContactResponseSchema } from '@rentdrive/contracts/contact';
import type { ContactService } from './contact.service';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { ContactPaths } from '@rentdrive/contracts/paths';

/** Messages per client IP per minute: enough for a person, too few to flood the table. */
export const CONTACT_RATE_LIMIT_PER_MINUTE = 5;

export function registerContactRoutes(app: FastifyInstance, { service }: { service: ContactService }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    ContactPaths.send,
    {
      config: { access: 'public', rateLimit: { max: CONTACT_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { tags: ['contact'], body: ContactRequestSchema, response: { 201: ContactResponseSchema } },
    },
    async (request, reply) => {
      await service.submit(request.body);
      return reply.status(201).send({ succeeded: true });
    },
  );
}
