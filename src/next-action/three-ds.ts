// The 3-D Secure challenge in a modal frame: the page of nextAction.url (the
// service's origin, cross-origin to the merchant's page: nothing in it can be
// read from here). Its outcome comes by postMessage from that frame only;
// Escape (here, or in the frame) and Cancel close it without ending the challenge.
import { el, modal } from './dom.js';
import type { Texts } from './texts.js';

export type ThreeDSStatus = 'PAID' | 'AUTHORIZED' | 'DECLINED' | 'CANCELED';
const ENDS = new Set<string>(['PAID', 'AUTHORIZED', 'DECLINED', 'CANCELED']);

export function challenge(url: URL, lang: string, say: Texts): Promise<ThreeDSStatus> {
  return new Promise((resolve) => {
    const { dialog, close } = modal(say.threeDS);
    const src = new URL(url);
    src.searchParams.set('lang', lang);
    const frame = el('iframe', { title: say.frameTitle, src: src.href, referrerpolicy: 'no-referrer' });
    const cancel = el('button', { type: 'button', class: 'end' }, say.cancel);
    dialog.append(frame, el('div', { class: 'row' }, cancel));
    const end = (status: ThreeDSStatus) => {
      removeEventListener('message', onMessage);
      close();
      resolve(status);
    };
    const onMessage = (event: MessageEvent) => {
      // Only the challenge's own frame, from its origin, ends it.
      if (event.source !== frame.contentWindow || event.origin !== url.origin) return;
      const status = (event.data as { type?: unknown; status?: unknown } | null)?.status;
      if ((event.data as { type?: unknown })?.type === 'svc-3ds' && typeof status === 'string' && ENDS.has(status)) end(status as ThreeDSStatus);
    };
    addEventListener('message', onMessage);
    dialog.addEventListener('cancel', (event) => { event.preventDefault(); end('CANCELED'); });
    cancel.addEventListener('click', () => end('CANCELED'));
    frame.focus();
  });
}
