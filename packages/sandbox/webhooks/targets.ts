// Where a webhook may POST (issue 29 item 4): public addresses, and loopback
// by default (a documented sandbox choice: the merchant's receiver on their own
// machine), never the sandbox's own port. Private ranges stay refused: in a
// shared CI network or a cloud VPC they are other machines' services, which a
// key holder could otherwise probe. Checked on the URL at registration
// (WHATWG URL already turns 2130706433, 0x7f000001 and 0177.0.0.1 into
// 127.0.0.1) and on every address a host name resolves to at delivery, the
// address then connected to (post.ts), so DNS cannot route around it.
import { BlockList, isIP } from 'node:net';

export interface TargetPolicy {
  /** 127.0.0.0/8, ::1 and localhost allowed (startSandbox's allowLoopbackWebhooks, on by default; false for a shared deployment). */
  allowLoopback: boolean;
  /** The sandbox's own listening ports: never a target on loopback. */
  ownPorts: number[];
}

/** Without the sandbox's listening port known, loopback cannot be told apart from the sandbox itself: refused. */
export const strictPolicy = (): TargetPolicy => ({ allowLoopback: false, ownPorts: [] });

const ranges = (reason: string, ...subnets: Array<[string, number, 'ipv4' | 'ipv6']>) => {
  const list = new BlockList();
  for (const [net, prefix, type] of subnets) list.addSubnet(net, prefix, type);
  return { reason, list };
};
const LOOPBACK = ranges('a loopback address', ['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']);
const REFUSED = [
  ranges('an unspecified address', ['0.0.0.0', 8, 'ipv4'], ['::', 128, 'ipv6']),
  ranges('a link-local address (where cloud metadata services answer)', ['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']),
  ranges('a private address', ['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'], ['fc00::', 7, 'ipv6']),
  ranges('a shared (carrier-grade NAT) address, where some clouds keep their metadata service', ['100.64.0.0', 10, 'ipv4']),
  ranges('a multicast or reserved address', ['224.0.0.0', 3, 'ipv4'], ['ff00::', 8, 'ipv6']),
];
const METADATA_NAMES = /^(metadata|metadata\.google\.internal|instance-data|instance-data\.ec2\.internal)$/;

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIPv4(v6: string): string | undefined {
  const mapped = new BlockList();
  mapped.addSubnet('::ffff:0:0', 96, 'ipv6');
  mapped.addSubnet('64:ff9b::', 96, 'ipv6');
  if (!mapped.check(v6, 'ipv6')) return undefined;
  const [head = '', tail = ''] = v6.split('::');
  const parts = [...(head ? head.split(':') : []), ...(tail ? tail.split(':') : [])];
  const last = parts.at(-1) ?? '';
  if (last.includes('.')) return last;
  const [high, low] = parts.slice(-2).map((p) => parseInt(p, 16));
  return [high! >> 8, high! & 255, low! >> 8, low! & 255].join('.');
}

/** Why an address may not be a target, or undefined when it may. */
export function addressRefusal(address: string, port: number, policy: TargetPolicy): string | undefined {
  const family = isIP(address);
  if (family === 6) {
    const inner = embeddedIPv4(address);
    if (inner) return addressRefusal(inner, port, policy);
  }
  const type = family === 6 ? 'ipv6' : 'ipv4';
  for (const { reason, list } of REFUSED) if (list.check(address, type)) return reason;
  if (LOOPBACK.list.check(address, type)) {
    if (!policy.allowLoopback) return `${LOOPBACK.reason} (this sandbox refuses loopback webhooks: started with --no-loopback-webhooks)`;
    if (policy.ownPorts.includes(port)) return 'the sandbox itself';
  }
  return undefined;
}

/** Why a webhook URL is refused (the message of a 400 on url), or undefined. Host names are judged again once resolved. */
export function urlRefusal(text: string, policy: TargetPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'url must be an absolute http or https URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'url must use http or https';
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  let reason: string | undefined;
  if (isIP(host)) reason = addressRefusal(host, port, policy);
  else if (host === 'localhost' || host.endsWith('.localhost')) reason = addressRefusal('127.0.0.1', port, policy);
  else if (METADATA_NAMES.test(host)) reason = 'a cloud metadata service';
  return reason && `url must not point to ${reason}: webhooks go to public addresses${policy.allowLoopback ? ' and loopback (but not the sandbox)' : ''}`;
}
