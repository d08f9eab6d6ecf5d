import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AccountData } from '@rentdrive/contracts/account-data';
import { ErrorCode } from '@rentdrive/contracts/errors';
import { AppError } from '../../lib/app-error';
import { requestLocale, translateApiText } from '../../lib/i18n';
import type { RateLimiter } from '../../lib/rate-limit';
import { siteOrigin } from '../../lib/site-origin';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { appendVary } from '../../plugins/error-handler';
import { requireUser } from '../../plugins/session';
import { auditContext } from '../audit/audit.service';
import { AccountDeletionRefused, BLOCKER_MESSAGES, type AccountDeletion } from './account-deletion.service';
import type { AccountExporter } from './account-export.service';

/** Pieces are sent in chunks of about this many characters (fewer, larger writes than one per row). */
const CHUNK_CHARS = 16_384;

async function* chunked(pieces: AsyncIterable<string>): AsyncGenerator<string> {
  let buffer = '';
  for await (const piece of pieces) {
    buffer += piece;
    if (buffer.length >= CHUNK_CHARS) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer) yield buffer;
}

export interface AccountDataRoutesDeps {
  exporter: AccountExporter;
  deletion: AccountDeletion;
  publicUrl: string | undefined;
  /** Password guesses on DELETE /api/account, per address (the sign-in's limit). */
  deleteRate: RateLimiter;
}

/** The signed-in user's own data: GET /api/account/export and DELETE /api/account (issue 28). */
export function registerAccountDataRoutes(app: FastifyInstance, deps: AccountDataRoutesDeps): void {
  const { route } = endpointRoutes(app, { tags: ['account'] });

  route(AccountData.export, { access: 'user' }, async (request: FastifyRequest, reply: FastifyReply) => {
    const user = requireUser(request);
    const pieces = await deps.exporter.open(user.id, siteOrigin(request, deps.publicUrl), auditContext(request));
    if (!pieces) throw AppError.unauthenticated();
    const day = new Date().toISOString().slice(0, 10);
    void reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="rentdrive-account-${day}.json"`)
      .type('application/json; charset=utf-8');
    const stream = Readable.from(chunked(pieces), { objectMode: false });
    // A failure mid-stream cannot become a problem+json any more: the connection is cut, and the
    // client sees an incomplete (unparseable) document rather than a plausible short one.
    stream.on('error', (error) => request.log.error({ err: error }, 'account export failed while streaming'));
    return reply.send(stream);
  });

  route(AccountData.delete, { access: 'user', onRequest: (request) => deps.deleteRate.take(request.ip) }, async (request, reply) => {
    const user = requireUser(request);
    try {
      await deps.deletion.delete(user.id, request.body.password, auditContext(request));
    } catch (error) {
      if (!(error instanceof AccountDeletionRefused)) throw error;
      const locale = requestLocale(request);
      appendVary(reply, 'Accept-Language');
      return reply
        .status(409)
        .type('application/problem+json')
        .send({
          type: 'about:blank',
          title: translateApiText('Conflict', locale),
          status: 409 as const,
          detail: error.reasons.map((reason) => translateApiText(BLOCKER_MESSAGES[reason], locale)).join(' '),
          code: ErrorCode.InvalidState,
          reasons: error.reasons,
        });
    }
    reply.clearSessionCookie();
    return { deleted: true as const };
  });
}
