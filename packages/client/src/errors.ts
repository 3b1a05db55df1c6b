// Part 7 of the reference: every refusal is one body, { error_messages, code,
// path, metadata }; field-level items also carry type 'field', path and location.
// ApiError is that body as one error class, thrown for every non-2xx answer.
import type { paths } from './api.js';

/**
 * The part-7 body as the API description declares it (packages/client/src/api.ts, generated): every
 * operation's refusals share it, so one operation's 400 stands for all. The codes and the field
 * locations are the sandbox's lists (its schema), not a copy kept here.
 */
type DescribedErrorBody = paths['/v1/transaction']['post']['responses'][400]['content']['application/json'];
type DescribedMessage = DescribedErrorBody['error_messages'][number];

/** Where the refused member was: the JSON body, the query string, a header (Idempotency-Key) or a path parameter. */
export type FieldLocation = NonNullable<DescribedMessage['location']>;
/** A field-level item: `type: 'field'`, which member (`path`), where (`location`) and why (`msg`). */
export interface FieldError extends Required<DescribedMessage> {}
export type ErrorMessage = FieldError | Pick<DescribedMessage, 'msg'>;

/** The codes the sandbox answers today (the description lists them); any other string may come from a newer service. */
export type KnownErrorCode = DescribedErrorBody['code'];

/** The body of every refusal; `code` is any string, since a newer service may answer a code not listed today. */
export interface ErrorBody extends Omit<DescribedErrorBody, 'code' | 'error_messages'> { error_messages: ErrorMessage[]; code: string }

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status (400, 401, 403, 404, 409, 422, 5xx ...). */
  readonly status: number;
  /** Part 7's machine code; `http_<status>` when the answer carried no part-7 body (a proxy's page, say). */
  readonly code: KnownErrorCode | (string & {});
  /** The field-level items: which field, and why (never the value sent). */
  readonly fieldErrors: FieldError[];
  readonly messages: ErrorMessage[];
  /** The request path the service names. */
  readonly path: string;
  readonly metadata: Record<string, unknown>;
  /** The Idempotency-Key the call was sent with (POST and PUT): send it again to retry the same call. */
  readonly idempotencyKey: string | undefined;

  constructor(status: number, body: Partial<ErrorBody> | undefined, idempotencyKey?: string) {
    const messages = Array.isArray(body?.error_messages) ? body.error_messages : [];
    super(messages.map((m) => m.msg).join('; ') || `HTTP ${status}`);
    this.status = status;
    this.code = typeof body?.code === 'string' ? body.code : `http_${status}`;
    this.messages = messages;
    this.fieldErrors = messages.filter((m): m is FieldError => 'type' in m && m.type === 'field');
    this.path = typeof body?.path === 'string' ? body.path : '';
    this.metadata = body?.metadata && typeof body.metadata === 'object' ? body.metadata : {};
    this.idempotencyKey = idempotencyKey;
  }

  /** The error for an answer that is not 2xx (its body read here). */
  static async from(response: Response, idempotencyKey?: string): Promise<ApiError> {
    let body: Partial<ErrorBody> | undefined;
    try {
      const parsed: unknown = JSON.parse(await response.text());
      if (parsed && typeof parsed === 'object') body = parsed as Partial<ErrorBody>;
    } catch {
      body = undefined;
    }
    return new ApiError(response.status, body, idempotencyKey);
  }
}

/**
 * No answer came: the connection failed, or no answer within `timeoutMs`, on
 * every attempt. The call may have run (a POST or PUT may have paid): send it
 * again with `idempotencyKey` in the `Idempotency-Key` header, and the
 * service answers its first answer instead of running it twice. The caller's
 * own abort (its `signal`) is not one: that AbortError is thrown as it is.
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  /** true when the last attempt had no answer within timeoutMs; false when its connection failed. */
  readonly timedOut: boolean;
  /** The Idempotency-Key the call was sent with (POST and PUT). */
  readonly idempotencyKey: string | undefined;

  constructor(cause: unknown, idempotencyKey?: string) {
    const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
    super(`no answer${cause instanceof Error && cause.message ? `: ${cause.message}` : ''}`, { cause });
    this.timedOut = timedOut;
    this.idempotencyKey = idempotencyKey;
  }
}
