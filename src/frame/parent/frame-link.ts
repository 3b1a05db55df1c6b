// The parent's half of the handshake (issue 9): a random channel id and this page's origin go
// in the frame URL's fragment; the port is accepted only from that iframe's window, from the
// frame's exact origin, carrying the same channel id. Nothing else on `window` is listened to,
// and the listener is gone once the port came. The parent's config message goes in the fragment
// too (issue 27): the frame renders with it at once; ready comes once the port brought the style.
import { message, readMessage, type Message } from '../protocol.js';
import { HELLO, TO_PARENT } from '../to-parent.js';

/** An open channel to the frame. */
export interface FrameLink {
  send(type: string, body?: Record<string, unknown>): void;
}

const channelId = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(16)); // not a key: an unguessable name
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

/**
 * Points `iframe` at `frameSrc` with `config` (a config message's members, as sent on the port
 * later) and resolves the link once the frame answers; `onMessage` gets
 * every well-formed frame -> parent message, anything else is dropped. Rejects when `frameSrc`
 * is not an http(s) URL. `signal` ends it: no hello taken any more, the port closed.
 */
export function connectFrame(
  iframe: HTMLIFrameElement, frameSrc: string, config: Record<string, unknown>, onMessage: (message: Message) => void, signal: AbortSignal,
): Promise<FrameLink> {
  const url = new URL(frameSrc, document.baseURI);
  if (!/^https?:$/.test(url.protocol)) return Promise.reject(new Error('frame-src: expected an http(s) URL'));
  const channel = channelId();
  url.hash = new URLSearchParams({ channel, origin: location.origin, config: JSON.stringify(message('config', config)) }).toString();
  return new Promise((resolve) => {
    const onHello = (event: MessageEvent) => {
      const hello = event.source === iframe.contentWindow && event.origin === url.origin ? readMessage(event.data, HELLO) : null;
      const port = event.ports[0];
      if (!hello || hello.body.channel !== channel || event.ports.length !== 1 || !port) return;
      window.removeEventListener('message', onHello);
      signal.addEventListener('abort', () => port.close());
      port.onmessage = (portEvent) => {
        const received = readMessage(portEvent.data, TO_PARENT);
        if (received) onMessage(received);
      };
      resolve({ send: (type, body = {}) => port.postMessage(message(type, body)) });
    };
    window.addEventListener('message', onHello, { signal });
    iframe.src = url.href;
  });
}
