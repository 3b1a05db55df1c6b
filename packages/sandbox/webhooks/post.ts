// One delivery attempt: POST the body to the webhook's URL through node:http(s)
// with a lookup that refuses internal addresses (targets.ts), so the address
// checked is the address connected to. The answer is a status, "refused: why"
// or "no answer": never a network error's detail, which would tell what
// listens where.
import dns, { type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { addressRefusal, urlRefusal, type TargetPolicy } from './targets.js';

export type Attempt = { status: number } | { error: string };

class Refused extends Error {}

export function post(url: string, headers: Record<string, string>, body: string, policy: TargetPolicy, signal: AbortSignal): Promise<Attempt> {
  const refusal = urlRefusal(url, policy);
  if (refusal) return Promise.resolve({ error: `refused: ${refusal.replace(/^url must not point to /, '').replace(/:.*$/, '')}` });
  const target = new URL(url);
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  // dns.lookup read at each call (not imported by name), so a test can stand in for DNS.
  const lookup: RequestOptions['lookup'] = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      const refused = addresses.map((a) => addressRefusal(a.address, port, policy)).find(Boolean);
      if (refused) return callback(new Refused(refused), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  return new Promise((resolve) => {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(target, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, lookup, signal, agent: false }, (response) => {
      response.resume(); // the body is not read: a 2xx is all that counts
      resolve({ status: response.statusCode ?? 0 });
    });
    outgoing.on('error', (error) => resolve({ error: error instanceof Refused ? `refused: ${error.message}` : 'no answer' }));
    outgoing.end(body);
  });
}
