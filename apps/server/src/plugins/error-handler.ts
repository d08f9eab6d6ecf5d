import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Problem } from '@rentdrive/contracts/errors';
import { ErrorCode } from '@rentdrive/contracts/errors';
import { AppError, type DetailMessage } from '../lib/app-error';
import { requestLocale, translateApiText, translateFieldErrors } from '../lib/i18n';
import { fieldErrors } from '../lib/normalize-input';
import { RateLimitedError } from '../lib/rate-limit';
import { translateMessageId } from '../lib/server-messages';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * `title`, `detail` and field `errors` go out in the request's language (English when it asks for none
 * of ours). A detail with values in it comes with its message id (`detailMessage`).
 */
export function sendProblem(
  reply: FastifyReply,
  problem: Omit<Problem, 'type' | 'title'> & { title?: string; detailMessage?: DetailMessage },
) {
  const locale = requestLocale(reply.request);
  const { detailMessage } = problem;
  const detail =
    (locale && detailMessage && translateMessageId(locale, detailMessage.id, detailMessage.values)) ||
    translateApiText(problem.detail, locale);
  const body: Problem = {
    type: 'about:blank',
    title: translateApiText(problem.title ?? TITLES[problem.status] ?? 'Error', locale),
    status: problem.status,
    detail,
    code: problem.code,
    ...(problem.errors ? { errors: translateFieldErrors(problem.errors, locale, { [problem.detail]: detail }) } : {}),
  };
  // The texts depend on Accept-Language: a shared cache keeps one answer per language.
  appendVary(reply, 'Accept-Language');
  return reply.status(problem.status).type('application/problem+json').send(body);
}

/** Adds `field` to the answer's Vary header unless it is there already. */
export function appendVary(reply: FastifyReply, field: string): void {
  const current = String(reply.getHeader('vary') ?? '');
  const fields = current.split(',').map((f) => f.trim().toLowerCase());
  if (fields.includes('*') || fields.includes(field.toLowerCase())) return;
  void reply.header('Vary', current.trim() === '' ? field : `${current}, ${field}`);
}

/** One handler answers every error as application/problem+json; 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | z.ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof RateLimitedError) void reply.header('Retry-After', String(error.retryAfterSeconds));
      return sendProblem(reply, {
        status: error.status,
        code: error.code,
        detail: error.detail,
        detailMessage: error.detailMessage,
        errors: error.errors,
      });
    }
    const validationCause = (error as FastifyError).validation ? (error as unknown as { validation: unknown[] }).validation : undefined;
    if (error instanceof z.ZodError || validationCause) {
      const zodError = error instanceof z.ZodError ? error : findZodError(error);
      const errors = zodError ? fieldErrors(zodError) : { _: [(error as Error).message] };
      const first = Object.values(errors)[0]?.[0] ?? 'The request is not valid.';
      return sendProblem(reply, { status: 400, code: ErrorCode.ValidationFailed, detail: first, errors });
    }
    const fe: FastifyError = error;
    const status = fe.statusCode ?? 500;
    if (status === 429) {
      return sendProblem(reply, { status, code: ErrorCode.RateLimited, detail: 'Too many requests. Please wait a moment and try again.' });
    }
    if (status === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_FILES_LIMIT' || fe.code === 'FST_PARTS_LIMIT') {
      return sendProblem(reply, { status: 413, code: ErrorCode.PayloadTooLarge, detail: 'The request is too large.' });
    }
    if (status === 415) {
      return sendProblem(reply, { status, code: ErrorCode.UnsupportedMediaType, detail: 'This content type is not supported here.' });
    }
    if (status >= 400 && status < 500) {
      const detail =
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe instanceof SyntaxError ? 'The request body is not valid JSON.' : fe.message;
      return sendProblem(reply, { status, code: status === 404 ? ErrorCode.NotFound : ErrorCode.ValidationFailed, detail });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, {
      status: 500,
      code: ErrorCode.Internal,
      detail: 'Something went wrong while processing your request. Please try again later.',
    });
  });

  app.setNotFoundHandler(
    { preHandler: app.rateLimit ? app.rateLimit({ max: 120, timeWindow: '1 minute' }) : undefined },
    (request, reply) =>
      sendProblem(reply, { status: 404, code: ErrorCode.NotFound, detail: `No route for ${request.method} ${request.url.split('?')[0]}.` }),
  );
}

function findZodError(error: unknown): z.ZodError | undefined {
  const validation = (error as { validation?: unknown[] }).validation;
  if (error instanceof z.ZodError) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof z.ZodError) return cause;
  if (Array.isArray(validation)) {
    const issues = validation as unknown as z.core.$ZodIssue[];
    if (issues.every((i) => i && typeof i === 'object' && 'message' in i && 'path' in i)) return new z.ZodError(issues);
  }
  return undefined;
}
