// The parent's half of the handshake (issue 9): a random channel id and this page's origin go
// in the frame URL's fragment; the port is accepted only from that iframe's window, from the
// frame's exact origin, carrying the same channel id. Nothing else on `window` is listened to,
// and the listener is gone once the port came. The parent's config message goes in the fragment
// too (issue 27): the frame renders with it at once; ready comes once the port brought the style.
// An iframe the server rendered (svc-card/ssr) already points at the frame with a fragment for
// this page: it is adopted as it is, its navigation under way or done, and knocked on: a frame
// that said hello before this element was defined says it again on a new port.
import { message, readMessage, type Message } from '../protocol.js';
import { HELLO, TO_PARENT } from '../to-parent.js';
import { channelId, frameUrl } from '../config.js';

/** An open channel to the frame. */
export interface FrameLink {
  send(type: string, body?: Record<string, unknown>): void;
}

/** The channel of the server-rendered fragment on `iframe` when it is for `url`'s page from this origin, else null. */
function renderedChannel(iframe: HTMLIFrameElement, url: URL): string | null {
  const src = iframe.getAttribute('src');
  if (!src) return null;
  const rendered = new URL(src, document.baseURI);
  const params = new URLSearchParams(rendered.hash.slice(1));
  rendered.hash = '';
  return rendered.href === url.href && params.get('origin') === location.origin ? params.get('channel') || null : null;
}

/**
 * Points `iframe` at `frameSrc` with `config` (a config message's members, as sent on the port
 * later), or adopts the server-rendered frame already there, and resolves the link once the frame
 * answers; `onMessage` gets every well-formed frame -> parent message, anything else is dropped.
 * Rejects when `frameSrc` is not an http(s) URL. `signal` ends it: no hello taken any more, the port closed.
 */
export function connectFrame(
  iframe: HTMLIFrameElement, frameSrc: string, config: Record<string, unknown>, onMessage: (message: Message) => void, signal: AbortSignal,
): Promise<FrameLink> {
  const url = new URL(frameSrc, document.baseURI);
  if (!/^https?:$/.test(url.protocol)) return Promise.reject(new Error('frame-src: expected an http(s) URL'));
  url.hash = '';
  const rendered = renderedChannel(iframe, url);
  const channel = rendered ?? channelId();
  return new Promise((resolve) => {
    const onHello = (event: MessageEvent) => {
      const hello = event.source === iframe.contentWindow && event.origin === url.origin ? readMessage(event.data, HELLO) : null;
      const port = event.ports[0];
      if (!hello || hello.body.channel !== channel || event.ports.length !== 1 || !port) return;
      window.removeEventListener('message', onHello);
      // Closed and unheard: a message already on its way, or dispatched on it later, is not taken.
      signal.addEventListener('abort', () => ((port.onmessage = null), port.close()));
      port.onmessage = (portEvent) => {
        const received = readMessage(portEvent.data, TO_PARENT);
        if (received) onMessage(received);
      };
      resolve({ send: (type, body = {}) => port.postMessage(message(type, body)) });
    };
    window.addEventListener('message', onHello, { signal });
    if (!rendered) iframe.src = frameUrl(url, channel, location.origin, config).href;
    // A server-rendered frame is knocked on once its page is there (its document unreadable from
    // here). Still loading, it is the page's about:blank, and a knock to the frame's origin is an
    // error in Firefox's console: it is left to load (never loaded again), and says hello itself.
    else if (!iframe.contentDocument) iframe.contentWindow?.postMessage(message('knock', { channel }), url.origin);
  });
}
