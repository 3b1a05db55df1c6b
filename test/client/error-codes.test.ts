// The client's error types are the sandbox's, through the generated API types (issue 42): no list
// of codes or field locations is kept in packages/client. The type checks below are compiled by
// `npm run typecheck` (tsc over test/), where a drift between the two is an error.
import { expect, expectTypeOf, it } from 'vitest';
import { ApiError, type ErrorBody, type FieldError, type FieldLocation, type KnownErrorCode } from '../../packages/client/src/index.js';
import { API_ERROR_CODES, FIELD_LOCATIONS, type ApiErrorCode, type ErrorBody as SandboxErrorBody, type FieldError as SandboxFieldError, type FieldLocation as SandboxFieldLocation } from '../../packages/sandbox/base/errors.js';

it('knows exactly the codes and field locations the sandbox answers', () => {
  expectTypeOf<KnownErrorCode>().toEqualTypeOf<ApiErrorCode>();
  expectTypeOf<FieldLocation>().toEqualTypeOf<SandboxFieldLocation>();
  expectTypeOf<FieldError>().toEqualTypeOf<SandboxFieldError>();
  // A sandbox's body is a client's (the client's code is any string: a newer service may add codes).
  expectTypeOf<SandboxErrorBody>().toMatchTypeOf<ErrorBody>();
  for (const code of API_ERROR_CODES) {
    const location = FIELD_LOCATIONS[API_ERROR_CODES.indexOf(code) % FIELD_LOCATIONS.length]!;
    const body: SandboxErrorBody = { error_messages: [{ type: 'field', msg: 'm', path: 'token', location }], code, path: '/v1/transaction', metadata: {} };
    const error = new ApiError(400, body);
    expect([error.code, error.fieldErrors]).toEqual([code, body.error_messages]);
  }
});
