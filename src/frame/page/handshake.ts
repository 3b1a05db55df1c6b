// The frame's half of the handshake (issue 9): the parent put a random channel id and its own
// origin in the frame URL's fragment (never sent to a server). The frame answers with one end
// of a MessageChannel, posted to that exact origin: if the real parent is another origin, the
// browser drops it. From then on only the port is used; the frame listens to no window message.
// The fragment also carries the parent's config message (issue 27), as JSON: checked by the port's
// schema (bridge.ts), it is the first render's: the page's language, plans and fields from the start.
import { message } from '../protocol.js';

/** What the parent put in the fragment. */
export interface FrameParams {
  channel: string;
  parentOrigin: string;
  /** The parent's `config` message as it was sent (JSON); null or undefined when none: checked as a port message. */
  config: unknown;
}

const CHANNEL = /^[A-Za-z0-9_-]{16,64}$/;

/** The fragment's parameters, or null when they are missing or malformed (the frame then stays inert). */
export function readParams(hash: string): FrameParams | null {
  const params = new URLSearchParams(hash.slice(1));
  const channel = params.get('channel') ?? '';
  const origin = params.get('origin') ?? '';
  let parsed: URL | undefined;
  let config: unknown;
  try {
    parsed = new URL(origin);
    config = JSON.parse(params.get('config')!);
  } catch {
    // No origin: inert. A config that is not JSON: none; the parent's comes over the port.
  }
  // Exactly an http(s) origin, nothing more: a path or user info would not be one.
  if (!parsed || !CHANNEL.test(channel) || parsed.origin !== origin || !/^https?:$/.test(parsed.protocol)) return null;
  return { channel, parentOrigin: origin, config };
}

/**
 * Posts the port to the parent; null when this page is not framed, or the browser knows the
 * parent is not the origin claimed (location.ancestorOrigins: Chromium and WebKit).
 */
export function openChannel({ channel, parentOrigin }: FrameParams): MessagePort | null {
  if (window.parent === window) return null;
  // "null" when a no-referrer policy masks it (Firefox): then postMessage's target origin decides alone.
  const parent = location.ancestorOrigins?.[0];
  if (parent && parent !== 'null' && parent !== parentOrigin) return null;
  const { port1, port2 } = new MessageChannel();
  window.parent.postMessage(message('hello', { channel }), parentOrigin, [port2]);
  return port1;
}
