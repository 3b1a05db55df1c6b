// A merchant's server pays with the token its checkout page made (encryptCard)
// or with an open card, and refunds; the bodies are typed member by member.
import { createClient } from '../../../packages/client/src/index.js';
import type { EncryptedCard } from '../../../src/core/index.js';

const client = createClient({ baseUrl: 'http://127.0.0.1:4010', apiKey: 'key.secret' });

export async function pay(companyId: string, token: EncryptedCard) {
  const paid = await client.POST('/v1/transaction', { body: { companyId, amount: 1990, token, client: { name: 'Ana', doc: '52998224725', email: 'ana@example.com' } } });
  // @ts-expect-error a misspelt member (amout) is caught
  await client.POST('/v1/transaction', { body: { companyId, amout: 1990, token } });
  // @ts-expect-error amount is integer cents, a number
  await client.POST('/v1/transaction', { body: { companyId, amount: '19.90', token } });
  // @ts-expect-error a misspelt optional member (instalments) is caught: the sandbox would pay in 1 installment
  await client.POST('/v1/transaction', { body: { companyId, amount: 1990, token, instalments: 3 } });
  await client.POST('/v1/transaction/capture', { body: { companyId, transactionId: paid._id } });
  await client.PUT('/v1/transaction/cancel', { body: { companyId, tid: paid.tid, cancelSubscription: true } });
  // @ts-expect-error transactionId is the transaction's _id, a string
  await client.PUT('/v1/transaction/cancel', { body: { companyId, transactionId: 42 } });
  // @ts-expect-error a misspelt member (transactionID) is caught
  await client.PUT('/v1/transaction/cancel', { body: { companyId, transactionID: paid._id } });
  // @ts-expect-error a misspelt query parameter (companyID) is caught
  await client.GET('/v1/transaction', { params: { query: { companyID: companyId } } });
  await client.POST('/v1/subscription', { body: { companyId, product: { id: 'p' }, paymentMethod: 'CREDIT_CARD', token } });
  // @ts-expect-error paymentMethod is one of the four methods
  await client.POST('/v1/subscription', { body: { companyId, product: { id: 'p' }, paymentMethod: 'CARD', token } });
  await client.POST('/v1/charge/pay', { body: { _id: 'charge', companyId, paymentMethod: 'CREDIT_CARD', captchaToken: 'sandbox-captcha-ok', token } });
  await client.POST('/v1/client', { body: { companyId, name: 'Ana', doc: '52998224725', email: 'ana@example.com', ip: '203.0.113.7' } });
  // @ts-expect-error a misspelt member (mail) is caught
  await client.POST('/v1/client', { body: { companyId, name: 'Ana', doc: '52998224725', mail: 'ana@example.com' } });
}
