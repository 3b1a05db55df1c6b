// Issue 29 items 1 and 4: a webhook receives only the events its registering
// credential may read (at the time of the event) and asked for; webhooks are
// listed, deleted and capped per company; their URLs never reach an internal
// address, at registration and at delivery (the resolved address), and the
// delivery log never tells what answered there.
import dns from 'node:dns';
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import { ALL_PERMISSIONS, type Permission } from '../../packages/sandbox/auth/permissions.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { sign } from '../../packages/sandbox/webhooks/signature.js';
import { freePort } from '../../test-support/free-port.mjs';
import { beyondSchemaOf } from './support/described-operations.js';
import { PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';
// NETWORK_B: transaction.created, then alert.created (NETWORK_A's refund adds transaction.updated)
import { NETWORK_B_PROFILE as ALERTING_PROFILE } from '../../test-support/cards.mjs';

let sandbox: Sandbox;
let receiver: Server;
let receiverUrl: string;
/** What the receiver got: path, svc-signature and body. */
const received: Array<{ url: string; signature: string; body: string }> = [];
beforeAll(async () => {
  sandbox = await memorySandbox({ webhookBackoffMs: 50 }); // loopback allowed by default: the receiver is on 127.0.0.1
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => { body += chunk; });
    request.on('end', () => {
      received.push({ url: request.url ?? '', signature: String(request.headers['svc-signature']), body });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
});
afterAll(async () => {
  await sandbox?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});
afterEach(() => { vi.restoreAllMocks(); });

let companies = 0;
/** A company of its own and a key maker for it. */
function company() {
  const companyId = `company_tenant_${companies++}`;
  const key = async (permissions: Permission[], keyId?: string, secret?: string) => {
    const issued = await createCredential(sandbox.db, { permissions, companies: [companyId], ...(keyId ? { keyId, secret } : {}) });
    return { ...issued, as: (method: string, url: string, body?: unknown) => call(sandbox, method, url, body, { apiKey: issued.apiKey }) };
  };
  return { companyId, key };
}

describe('webhooks by permission', () => {
  it('a key without alert.read registers a webhook but it never receives alert.created; events narrows what one receives', async () => {
    const { companyId, key } = company();
    const writer = await key(['transaction.write', 'transaction.read']);
    const admin = await key([...ALL_PERMISSIONS]);
    const narrow = (await writer.as('POST', '/sandbox/v1/webhooks', { companyId, url: receiverUrl })).body;
    const alertsOnly = (await admin.as('POST', '/sandbox/v1/webhooks', { companyId, url: receiverUrl, events: ['alert.created'] })).body;
    expect(alertsOnly.events).toEqual(['alert.created']);
    await admin.as('POST', '/v1/transaction', { companyId, amount: 500, paymentProfile: ALERTING_PROFILE });
    const items = (await admin.as('GET', `/sandbox/v1/webhooks/deliveries?companyId=${companyId}`)).body.items as Array<{ webhookId: string; eventType: string }>;
    const typesOf = (id: string) => items.filter((d) => d.webhookId === id).map((d) => d.eventType).sort();
    expect(typesOf(narrow._id)).toEqual(['transaction.created']);
    expect(typesOf(alertsOnly._id)).toEqual(['alert.created']);
  });

  it('a permission taken away stops the deliveries its events need', async () => {
    const { companyId, key } = company();
    const reader = await key(['transaction.write', 'alert.read']);
    const hook = (await reader.as('POST', '/sandbox/v1/webhooks', { companyId, url: receiverUrl, events: ['alert.created'] })).body;
    await key(['transaction.write'], reader.keyId, reader.secret); // alert.read revoked
    const admin = await key([...ALL_PERMISSIONS]);
    await admin.as('POST', '/v1/transaction', { companyId, amount: 500, paymentProfile: ALERTING_PROFILE });
    const items = (await admin.as('GET', `/sandbox/v1/webhooks/deliveries?companyId=${companyId}`)).body.items as Array<{ webhookId: string }>;
    expect(items.filter((d) => d.webhookId === hook._id)).toEqual([]);
  });

  it('registering needs the read permission of each event asked for: 403 naming it; a key reading no event type is refused', async () => {
    const { companyId, key } = company();
    const writer = await key(['transaction.write']);
    const refused = await writer.as('POST', '/sandbox/v1/webhooks', { companyId, url: receiverUrl, events: ['alert.created'] });
    expect(refused.status).toBe(403);
    expect(refused.body.error_messages[0].msg).toMatch(/alert\.read/);
    expect((await writer.as('POST', '/sandbox/v1/webhooks', { companyId, url: receiverUrl })).status).toBe(403);
    const unknown = await (await key([...ALL_PERMISSIONS])).as('POST', '/sandbox/v1/webhooks', { companyId, url: receiverUrl, events: ['charge.refunded'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error_messages[0].path).toMatch(/^events/);
  });

  it('GET lists the company\'s webhooks without their secrets; DELETE removes one: no more deliveries, 404 the second time', async () => {
    const { companyId, key } = company();
    const admin = await key([...ALL_PERMISSIONS]);
    const hook = (await admin.as('POST', '/sandbox/v1/webhooks', { companyId, url: receiverUrl, events: ['transaction.created'] })).body;
    const listed = (await admin.as('GET', `/sandbox/v1/webhooks?companyId=${companyId}`)).body.items;
    expect(listed).toEqual([expect.objectContaining({ _id: hook._id, url: receiverUrl, events: ['transaction.created'] })]);
    expect(listed[0].secret).toBeUndefined();
    expect((await admin.as('DELETE', `/sandbox/v1/webhooks?companyId=${companyId}&webhookId=${hook._id}`)).status).toBe(200);
    expect((await admin.as('GET', `/sandbox/v1/webhooks?companyId=${companyId}`)).body.items).toEqual([]);
    await admin.as('POST', '/v1/transaction', { companyId, amount: 500, paymentProfile: PAID_PROFILE });
    expect((await admin.as('GET', `/sandbox/v1/webhooks/deliveries?companyId=${companyId}`)).body.items).toEqual([]);
    expect((await admin.as('DELETE', `/sandbox/v1/webhooks?companyId=${companyId}&webhookId=${hook._id}`)).status).toBe(404);
  });

  it('PUT changes a webhook\'s url and events, keeping its id and secret; 404 for an unknown or deleted webhook', async () => {
    const { companyId, key } = company();
    const admin = await key([...ALL_PERMISSIONS]);
    const hook = (await admin.as('POST', '/sandbox/v1/webhooks', { companyId, url: receiverUrl, events: ['alert.created'] })).body;
    const moved = await admin.as('PUT', '/sandbox/v1/webhooks', { companyId, webhookId: hook._id, url: `${receiverUrl}/moved`, events: ['transaction.created'] });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ _id: hook._id, companyId, url: `${receiverUrl}/moved`, events: ['transaction.created'], keyId: admin.keyId, createdAt: hook.createdAt });
    expect(moved.body.secret).toBeUndefined();
    expect((await admin.as('PUT', '/sandbox/v1/webhooks', { companyId, webhookId: hook._id, url: receiverUrl })).body.events).toEqual(['transaction.created']);
    const all = (await admin.as('PUT', '/sandbox/v1/webhooks', { companyId, webhookId: hook._id, events: null })).body;
    expect(all.events).toBeUndefined();
    expect(all.url).toBe(receiverUrl);
    await admin.as('POST', '/v1/transaction', { companyId, amount: 500, paymentProfile: ALERTING_PROFILE });
    const delivered = await until(async () => {
      const items = (await admin.as('GET', `/sandbox/v1/webhooks/deliveries?companyId=${companyId}`)).body.items as Array<{ eventType: string; status: string }>;
      return items.length === 2 && items.every((d) => d.status === 'succeeded') ? items : undefined;
    });
    expect(delivered.map((d) => d.eventType).sort()).toEqual(['alert.created', 'transaction.created']);
    const signed = received.filter((r) => r.body.includes(companyId));
    expect(signed.map((r) => r.url)).toEqual(['/hooks', '/hooks']);
    for (const { signature, body } of signed) { // still signed with the secret given at registration
      const [, t, v1] = /^t=(\d+),v1=(\w+)$/.exec(signature)!;
      expect(v1).toBe(sign(hook.secret, Number(t), body));
    }
    expect((await admin.as('PUT', '/sandbox/v1/webhooks', { companyId, webhookId: 'wh_unknown', url: receiverUrl })).status).toBe(404);
    await admin.as('DELETE', `/sandbox/v1/webhooks?companyId=${companyId}&webhookId=${hook._id}`);
    expect((await admin.as('PUT', '/sandbox/v1/webhooks', { companyId, webhookId: hook._id, url: receiverUrl })).status).toBe(404);
    const other = company();
    const stranger = await other.key([...ALL_PERMISSIONS]);
    const theirs = (await stranger.as('POST', '/sandbox/v1/webhooks', { companyId: other.companyId, url: receiverUrl })).body;
    expect((await admin.as('PUT', '/sandbox/v1/webhooks', { companyId, webhookId: theirs._id, url: receiverUrl })).status).toBe(404);
  });

  it('PUT follows registration\'s rules: the updating credential must read each event the webhook will receive, and becomes its credential; url judged the same', async () => {
    const { companyId, key } = company();
    const admin = await key([...ALL_PERMISSIONS]);
    const writer = await key(['transaction.write', 'transaction.read']);
    const alerts = (await admin.as('POST', '/sandbox/v1/webhooks', { companyId, url: receiverUrl, events: ['alert.created'] })).body;
    const stolen = await writer.as('PUT', '/sandbox/v1/webhooks', { companyId, webhookId: alerts._id, url: `${receiverUrl}/mine` });
    expect(stolen.status).toBe(403);
    expect(stolen.body.error_messages[0].msg).toMatch(/alert\.read/);
    expect((await writer.as('PUT', '/sandbox/v1/webhooks', { companyId, webhookId: alerts._id, events: ['alert.created', 'transaction.created'] })).status).toBe(403);
    const all = (await admin.as('POST', '/sandbox/v1/webhooks', { companyId, url: receiverUrl })).body;
    const taken = await writer.as('PUT', '/sandbox/v1/webhooks', { companyId, webhookId: all._id, url: `${receiverUrl}/mine` });
    expect(taken.status).toBe(200);
    expect(taken.body.keyId).toBe(writer.keyId); // it now receives only what the writer reads
    await admin.as('POST', '/v1/transaction', { companyId, amount: 500, paymentProfile: ALERTING_PROFILE });
    const items = (await admin.as('GET', `/sandbox/v1/webhooks/deliveries?companyId=${companyId}`)).body.items as Array<{ webhookId: string; eventType: string }>;
    expect(items.filter((d) => d.webhookId === all._id).map((d) => d.eventType)).toEqual(['transaction.created']);
    const internal = await admin.as('PUT', '/sandbox/v1/webhooks', { companyId, webhookId: all._id, url: 'http://169.254.169.254/' });
    expect({ status: internal.status, path: internal.body.error_messages[0].path }).toEqual({ status: 400, path: 'url' });
    const nothing = await admin.as('PUT', '/sandbox/v1/webhooks', { companyId, webhookId: all._id });
    expect({ status: nothing.status, path: nothing.body.error_messages[0].path }).toEqual({ status: 400, path: 'url' });
    expect(nothing.body.error_messages[0].msg).toMatch(/url or events/);
  });

  it('PUT narrowing events fails the pending deliveries of the types it no longer asks for', async () => {
    const { companyId, key } = company();
    const admin = await key([...ALL_PERMISSIONS]);
    const hook = (await admin.as('POST', '/sandbox/v1/webhooks', { companyId, url: `http://127.0.0.1:${await freePort()}/closed` })).body;
    await admin.as('POST', '/v1/transaction', { companyId, amount: 500, paymentProfile: ALERTING_PROFILE });
    await admin.as('PUT', '/sandbox/v1/webhooks', { companyId, webhookId: hook._id, events: ['transaction.created'] });
    const items = (await admin.as('GET', `/sandbox/v1/webhooks/deliveries?companyId=${companyId}`)).body.items as Array<{ eventType: string; status: string; answers: Array<{ error?: string }> }>;
    const alert = items.find((d) => d.eventType === 'alert.created')!;
    expect(alert.status).toBe('failed');
    expect(alert.answers.at(-1)!.error).toBe('refused: the webhook no longer asks for alert.created');
  });

  it('at most 16 webhooks per company: the 17th is 400 naming the rule', async () => {
    const { companyId, key } = company();
    const admin = await key([...ALL_PERMISSIONS]);
    for (let i = 0; i < 16; i++) expect((await admin.as('POST', '/sandbox/v1/webhooks', { companyId, url: `${receiverUrl}/${i}` })).status).toBe(200);
    const refused = await admin.as('POST', '/sandbox/v1/webhooks', { companyId, url: receiverUrl });
    expect(refused.status).toBe(400);
    expect(refused.body.error_messages[0].msg).toMatch(/at most 16 webhooks/);
    // A refusal the schema cannot say: the description lists it beyond the schema (the fuzz suite holds it to that).
    const described = (await call(sandbox, 'GET', '/openapi.json', undefined, {})).body.paths['/sandbox/v1/webhooks'].post.description;
    expect(beyondSchemaOf(described)).toEqual(expect.arrayContaining([refused.body.error_messages[0].path, 'url']));
  });
});

describe('webhook targets', () => {
  const INTERNAL = [
    'http://127.0.0.1:22/', 'http://[::1]/', 'http://0.0.0.0/', 'http://[::]/', 'http://2130706433/', 'http://0x7f000001/', 'http://0177.0.0.1/',
    'http://169.254.169.254/latest/meta-data', 'http://[fe80::1]/', 'http://10.0.0.1/', 'http://172.16.0.1/', 'http://192.168.1.1/', 'http://[fc00::1]/',
    'http://[::ffff:127.0.0.1]/', 'http://localhost/', 'http://api.localhost/', 'http://metadata.google.internal/', 'http://100.100.100.200/', 'ftp://example.com/',
  ];

  it('with loopback refused (allowLoopbackWebhooks: false, a shared deployment), every internal address is refused at registration: 400 on url saying why; a public one is taken', async () => {
    const strict = await memorySandbox({ allowLoopbackWebhooks: false });
    try {
      const { companyId } = company();
      const { apiKey } = await createCredential(strict.db, { permissions: [...ALL_PERMISSIONS], companies: [companyId] });
      for (const url of INTERNAL) {
        const answer = await call(strict, 'POST', '/sandbox/v1/webhooks', { companyId, url }, { apiKey });
        expect({ url, status: answer.status, path: answer.body.error_messages?.[0]?.path }).toEqual({ url, status: 400, path: 'url' });
        expect(answer.body.error_messages[0].msg).toMatch(/url /);
      }
      expect((await call(strict, 'POST', '/sandbox/v1/webhooks', { companyId, url: 'https://hooks.example.com/in' }, { apiKey })).status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('by default loopback is taken (a merchant\'s local receiver, as 127.0.0.1, [::1], localhost or a numeric form); the sandbox\'s own port, link-local, metadata, private, unspecified and multicast are not', async () => {
    const { companyId, key } = company();
    const admin = await key([...ALL_PERMISSIONS]);
    const local = ['http://127.0.0.1:22/', 'http://[::1]:8080/', 'http://localhost:3000/hooks', 'http://api.localhost/', 'http://2130706433/', 'http://[::ffff:127.0.0.1]/', receiverUrl];
    for (const url of local) expect({ url, status: (await admin.as('POST', '/sandbox/v1/webhooks', { companyId, url })).status }).toEqual({ url, status: 200 });
    const refused = [
      `http://127.0.0.1:${sandbox.port}/v1/transaction`, `http://localhost:${sandbox.port}/`, `http://[::1]:${sandbox.port}/`, `http://2130706433:${sandbox.port}/`,
      ...INTERNAL.filter((url) => !local.includes(url) && !/127\.0\.0\.1|::1|localhost|2130706433|0x7f|0177/.test(url)),
      'http://224.0.0.1/', 'http://[ff02::1]/',
    ];
    expect(refused).toEqual(expect.arrayContaining(['http://169.254.169.254/latest/meta-data', 'http://10.0.0.1/', 'http://0.0.0.0/', 'http://metadata.google.internal/']));
    for (const url of refused) {
      const answer = await admin.as('POST', '/sandbox/v1/webhooks', { companyId, url });
      expect({ url, status: answer.status, path: answer.body.error_messages?.[0]?.path }).toEqual({ url, status: 400, path: 'url' });
    }
  });

  it('the sandbox\'s own port is refused at delivery too, when a host name resolves to loopback', async () => {
    const { companyId, key } = company();
    const admin = await key([...ALL_PERMISSIONS]);
    const lookup = dns.lookup;
    vi.spyOn(dns, 'lookup').mockImplementation(((host: string, options: unknown, callback: (...args: unknown[]) => void) => {
      if (host !== 'self.example') return (lookup as (...args: unknown[]) => void)(host, options, callback);
      callback(null, [{ address: '127.0.0.1', family: 4 }]);
    }) as never);
    await admin.as('POST', '/sandbox/v1/webhooks', { companyId, url: `http://self.example:${sandbox.port}/v1/transaction`, events: ['transaction.created'] });
    await admin.as('POST', '/v1/transaction', { companyId, amount: 500, paymentProfile: PAID_PROFILE });
    const answer = await until(async () => (await admin.as('GET', `/sandbox/v1/webhooks/deliveries?companyId=${companyId}`)).body.items[0]?.answers[0]);
    expect(answer).toEqual({ at: expect.any(String), error: 'refused: the sandbox itself' });
  });

  it('a host name is resolved at delivery: one resolving to an internal address is refused, and the log says "refused", nothing more', async () => {
    const { companyId, key } = company();
    const admin = await key([...ALL_PERMISSIONS]);
    const lookup = dns.lookup;
    vi.spyOn(dns, 'lookup').mockImplementation(((host: string, options: unknown, callback: (...args: unknown[]) => void) => {
      if (host !== 'rebind.example') return (lookup as (...args: unknown[]) => void)(host, options, callback);
      callback(null, [{ address: '169.254.169.254', family: 4 }]);
    }) as never);
    await admin.as('POST', '/sandbox/v1/webhooks', { companyId, url: 'http://rebind.example/hook', events: ['transaction.created'] });
    await admin.as('POST', '/v1/transaction', { companyId, amount: 500, paymentProfile: PAID_PROFILE });
    const answer = await until(async () => (await admin.as('GET', `/sandbox/v1/webhooks/deliveries?companyId=${companyId}`)).body.items[0]?.answers[0]);
    expect(answer.status).toBeUndefined();
    expect(answer.error).toMatch(/^refused/);
  });

  it('a connection that fails is logged as "no answer", never the network error', async () => {
    const { companyId, key } = company();
    const admin = await key([...ALL_PERMISSIONS]);
    await admin.as('POST', '/sandbox/v1/webhooks', { companyId, url: `http://127.0.0.1:${await freePort()}/closed`, events: ['transaction.created'] });
    await admin.as('POST', '/v1/transaction', { companyId, amount: 500, paymentProfile: PAID_PROFILE });
    const answer = await until(async () => (await admin.as('GET', `/sandbox/v1/webhooks/deliveries?companyId=${companyId}`)).body.items[0]?.answers[0]);
    expect(answer).toEqual({ at: expect.any(String), error: 'no answer' });
  });
});

async function until<T>(read: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
