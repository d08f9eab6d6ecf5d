/**
 * The check of an API answer against its endpoint's response schema. Loaded with the first call
 * (callApi imports it in parallel with the request), so the public pages' first load does not carry it.
 */
import type { output, ZodType } from 'zod';
import type { AnyEndpoint } from '@rentdrive/contracts/endpoint';
import { ApiError } from './api-error';

/** What `E` answers, parsed by its response schema (any status it declares); unknown when it declares none. */
export type ApiAnswer<E extends AnyEndpoint> = [keyof E['response']] extends [never]
  ? unknown
  : { [Status in keyof E['response']]: output<E['response'][Status]> }[keyof E['response']];

/** An answer that does not match its endpoint's response schema (the contract between server and web broke). */
export class ApiContractError extends ApiError {
  /** 'GET /api/rental/my-rentals'. */
  readonly endpoint: string;
  /** Each mismatch as 'path: message' ('[0].status: Invalid option'). */
  readonly issues: string[];

  constructor(init: { endpoint: string; status: number; issues: string[]; detail: string; body: unknown }) {
    super({ status: init.status, detail: init.detail, code: 'contract_mismatch', body: init.body });
    this.name = 'ApiContractError';
    this.endpoint = init.endpoint;
    this.issues = init.issues;
  }
}

/** What a production page shows when an answer cannot be read (the console has the particulars). */
export const CONTRACT_MISMATCH_DETAIL = 'The server sent an answer this page cannot read. Please reload the page and try again.';
/** The console prefix of a contract mismatch in production, for whoever reads the browser's logs. */
export const CONTRACT_MISMATCH_LOG_PREFIX = '[rentdrive api contract]';

/**
 * The answer `value` (parsed JSON, or undefined for an empty body) checked against the endpoint's
 * schema for `status`. An endpoint that declares no response schema answers what came. A mismatch
 * (wrong shape, or a status the endpoint does not declare) throws an ApiContractError naming the
 * endpoint and every issue; in production its `detail` is CONTRACT_MISMATCH_DETAIL (what the screens'
 * error states show) and the particulars go to console.error under CONTRACT_MISMATCH_LOG_PREFIX, so a
 * broken contract is seen in the browser's logs, never silently rendered as blanks.
 */
export function readAnswer<E extends AnyEndpoint>(endpoint: E, status: number, value: unknown): ApiAnswer<E> {
  const responses = endpoint.response as Partial<Record<number, ZodType>>;
  if (Object.keys(responses).length === 0) return value as ApiAnswer<E>;
  const schema = responses[status];
  const name = `${endpoint.method} ${endpoint.pattern}`;
  let issues: string[];
  if (schema) {
    const result = schema.safeParse(value);
    if (result.success) return result.data as ApiAnswer<E>;
    issues = result.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  } else {
    issues = [`status ${status} is not one the endpoint declares (${Object.keys(responses).join(', ')})`];
  }
  const particulars = `${name} answered ${status} with a body that does not match its contract: ${issues.join('; ')}`;
  if (import.meta.env.PROD) {
    console.error(`${CONTRACT_MISMATCH_LOG_PREFIX} ${particulars}`, value);
    throw new ApiContractError({ endpoint: name, status, issues, detail: CONTRACT_MISMATCH_DETAIL, body: value });
  }
  throw new ApiContractError({ endpoint: name, status, issues, detail: particulars, body: value });
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(answer)';
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
}
