// Code a merchant writes against @svc-card/client: it must type-check as it is
// (test/client/merchant-types.test.ts compiles this folder); a line marked
// as an expected error is a mistake the types must catch.
import { createClient } from '../../../packages/client/src/index.js';

const client = createClient({ baseUrl: 'http://127.0.0.1:4010', apiKey: 'key.secret' });

/** PUT /v1/transaction/cancel: 204 without a body when it cancels now, 200 { success, message } when it was canceled before. */
export async function refund(companyId: string, transactionId: string): Promise<string> {
  const answer = await client.PUT('/v1/transaction/cancel', { body: { companyId, transactionId } });
  // @ts-expect-error the 204 answer has no body: answer is undefined then
  void answer.message;
  return answer === undefined ? 'canceled now' : answer.message;
}
