import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from '../lib/app-error';
import { InputBoundsMessages, jsonShapeProblem } from '../lib/input-bounds';

const FORBIDDEN_KEY = 'The request body must not contain a "__proto__" key or a "constructor" key holding "prototype".';

/**
 * The body parsers. JSON bodies may be empty (the existing client posts `Content-Type:
 * application/json` with no body to logout, confirm and cancel), and a body-less POST may carry any
 * content type.
 *
 * A JSON body nested deeper than MAX_INPUT_DEPTH, or with more than MAX_INPUT_ITEMS items in one
 * array or object, is refused (400, naming the rule) after one linear
 * scan of its text, before JSON.parse or any check walks it: every later step then works on a value
 * of bounded depth, so no body up to the size limit costs more than linear time.
 *
 * A body holding a `__proto__` key, or a `constructor` key with a `prototype` inside, is refused
 * (400) on every route: no client of ours sends one, and refusing is clearer than dropping it
 * silently. Other keys that merely share a name with an Object member (`constructor`, `toString`,
 * `valueOf`...) are unknown keys, ignored like any other.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    const shape = jsonShapeProblem(text);
    if (shape)
      return done(
        AppError.validation(shape === 'too-deep' ? InputBoundsMessages.bodyTooDeep : InputBoundsMessages.bodyTooManyItems),
        undefined,
      );
    try {
      done(null, secureJson.parse(text, null, { protoAction: 'error', constructorAction: 'error' }) as unknown);
    } catch {
      done(isJson(text) ? AppError.validation(FORBIDDEN_KEY) : invalidJson(), undefined);
    }
  });
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    const buffer = body as Buffer;
    done(null, buffer.length === 0 ? undefined : buffer);
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function invalidJson(): SyntaxError & { statusCode: number } {
  const error = new SyntaxError('The request body is not valid JSON.') as SyntaxError & { statusCode: number };
  error.statusCode = 400;
  return error;
}
