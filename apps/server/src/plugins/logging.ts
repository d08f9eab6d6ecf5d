import type { FastifyServerOptions } from 'fastify';

/** Where log lines go; tests pass a collector, production writes to stdout. */
export interface LogDestination {
  write(line: string): void;
}

/**
 * The logger's options. Request bodies are never logged (Fastify logs method, URL and status only),
 * cookies and authorization headers are redacted, and errors pass `safeError`: a database error
 * carries the statement's bound parameters (contact details, chat text, e-mail addresses) and
 * PostgreSQL quotes the offending value in its message, so neither may reach the log.
 */
export function loggerOptions(level: string, destination?: LogDestination): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: { err: (error: unknown) => safeError(error), error: (error: unknown) => safeError(error) },
    ...(destination ? { stream: destination } : {}),
  };
}

/** The fields of an error (and of its causes) that may be logged; everything else is dropped. */
const KEPT_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'routine'] as const;

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  /** The SQL text (placeholders only, never the values) of a failed statement. */
  query?: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

/**
 * An error as the log may show it: type, message and stack with any bound values cut out, the
 * SQL text of a failed statement without its parameters, PostgreSQL's error code and constraint,
 * and the causes likewise. `detail`, `where`, `params` and any other field are left out.
 */
export function safeError(error: unknown, depth = 0): LoggedError {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: String(error), stack: '' };
  const source = error as Record<string, unknown> & { name?: unknown; message?: unknown; stack?: unknown };
  const type = typeof source.name === 'string' ? source.name : 'Error';
  const rawMessage = typeof source.message === 'string' ? source.message : '';
  const isDatabaseError = typeof source.code === 'string' && /^[0-9A-Z]{5}$/.test(source.code);
  const message = scrubMessage(rawMessage, isDatabaseError);
  const frames = typeof source.stack === 'string' ? source.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  const out: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  if (typeof source.query === 'string') out.query = source.query;
  for (const field of KEPT_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (source.cause !== undefined && depth < 5) out.cause = safeError(source.cause, depth + 1);
  return out;
}

/** Drizzle appends 'params: ...' to a failed query's message; PostgreSQL quotes a refused value after ': '. */
function scrubMessage(message: string, isDatabaseError: boolean): string {
  let out = message;
  const params = out.indexOf('\nparams:');
  if (params !== -1) out = `${out.slice(0, params)}\nparams: [not logged]`;
  if (isDatabaseError) out = out.replace(/: ".*"\s*$/s, ': [value not logged]');
  return out;
}
