import type { FastifyReply } from 'fastify';

/**
 * Adds `field` to the answer's Vary header unless it is named there already (or Vary is '*'), so a
 * shared cache keeps one answer per value of that request header.
 */
export function appendVaryField(reply: FastifyReply, field: string): void {
  const current = String(reply.getHeader('vary') ?? '').trim();
  const fields = current.split(',').map((f) => f.trim().toLowerCase());
  if (fields.includes('*') || fields.includes(field.toLowerCase())) return;
  void reply.header('Vary', current === '' ? field : `${current}, ${field}`);
}

/** The answer's texts or names follow the request's language (issue 24). */
export function varyByLanguage(reply: FastifyReply): void {
  appendVaryField(reply, 'Accept-Language');
}
