// The frame's half of the handshake (issue 9): the parent put a random channel id and its own
// origin in the frame URL's fragment (never sent to a server). The frame answers with one end
// of a MessageChannel, posted to that exact origin: if the real parent is another origin, the
// browser drops it. From then on only the port is used; before, the frame hears one window
// message, the parent's knock, from its parent's window and origin alone (an adopted frame, issue 27).
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
  // Either missing (null) is refused below: "null" is no channel, and no URL.
  const channel = params.get('channel')!;
  const origin = params.get('origin')!;
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
 * Offers the parent a port, and again on each knock of the parent (an element that adopted the
 * frame its server rendered, after the first hello was sent: no one listened yet), until the parent
 * uses one: `connected` gets that port and its first message (it sets the port's onmessage), knocks
 * are no longer heard. Null when this page is not framed, or the browser knows the parent is not the
 * origin claimed (location.ancestorOrigins: Chromium and WebKit): nothing is offered.
 */
export function openChannel({ channel, parentOrigin }: FrameParams): ((connected: (port: MessagePort, first: unknown) => void) => void) | null {
  if (parent === window) return null;
  // "null" when a no-referrer policy masks it (Firefox): then postMessage's target origin decides alone.
  const ancestor = location.ancestorOrigins?.[0];
  if (ancestor && ancestor !== 'null' && ancestor !== parentOrigin) return null;
  return (connected) => {
    let taken = false;
    const offer = () => {
      const { port1, port2 } = new MessageChannel();
      // The first port the parent uses is the one (connected sets its onmessage); the others are not heard.
      port1.onmessage = (event) => taken || ((taken = true), connected(port1, event.data));
      parent.postMessage(message('hello', { channel }), parentOrigin, [port2]);
    };
    // The parent's knock, `{v: 1, type: 'knock', channel}`: its window, its origin and the channel are all it is read for.
    addEventListener('message', (event) => !taken && event.source === parent && event.origin === parentOrigin &&
      event.data?.channel === channel && offer());
    offer();
  };
}
