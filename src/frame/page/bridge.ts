// The frame's side of the port (issue 9): applies the parent's settings and commands to the
// inline element living in this frame, and tells the parent what the merchant page may know:
// flags, brand, reasons and messages, the token, error codes, and the frame's height.
import type { EncryptCardResult, PublicJwk } from '../../core/index.js';
import type { SvcCardForm } from '../../element/svc-card-form.js';
import type { FieldName } from '../../element/validation.js';
import { FRAME_STATES } from '../../shared/states.js';
import { message, readMessage } from '../protocol.js';
import { TO_FRAME } from '../to-frame.js';
import { safeScheme, safeStyleValue } from '../style-props.js';
import { STYLE_PROPERTIES, type Setting } from '../../shared/surface.js';
import { pickKey } from './keys.js';


// The config's settings (shared/surface.ts) the element takes as they come, and `strings`: all but
// the key's name, which picks a key of the JWKS. Written out: reading SETTINGS at run time cost the
// frame's script 27 bytes gzip, over its ceiling. A setting added there and not here is a type error.
const APPLIED = ['lang', 'strings', 'acceptedBrands', 'disabled', 'installments', 'amount', 'holderDocument'] as const;
type Unapplied = Exclude<Setting | 'strings', 'keyId' | (typeof APPLIED)[number]>;
export type EverySettingApplied<T extends never = Unapplied> = T;

// No width yet (a frame before its parent's layout reached it, or one not shown): no height either.
// Laid out at no width, the form stood one word a line, and the page took that height (783 px).
// The iframe is 8px wider than its element (its page's padding): 8px is no width for the form.
const root = document.documentElement;
const height = () => ({ height: innerWidth > 8 ? Math.ceil(root.getBoundingClientRect().height) : 0 });

function hasState(element: HTMLElement, state: string): boolean {
  try {
    return element.matches(`:state(${state})`) || element.hasAttribute(`data-state-${state}`);
  } catch {
    return element.hasAttribute(`data-state-${state}`); // :state() unknown to this engine
  }
}

/**
 * Drives `element` for the parent; `keys` is the frame origin's JWKS. `config`: the parent's config
 * message from the frame URL (handshake.ts), taken when the schema passes it: the first render is in
 * the page's language, plans and fields. Returns the connection to make once the parent took a port
 * (with its first message): what is sent until then is held for it. Ready waits for the port's
 * config, the one with the page's style: its font sets the form's height, which ready gives the iframe.
 */
export function bridge(element: SvcCardForm, keys: Promise<PublicJwk[]>, config?: unknown): (port: MessagePort, first: unknown) => void {
  // What is said before the parent took a port (an error of the JWKS, the shopper's typing in a
  // frame the server rendered) waits for it.
  let port: MessagePort | undefined;
  const held: unknown[] = [];
  const send = (type: string, body: Record<string, unknown> = {}) => (port ? port.postMessage(message(type, body)) : held.push(message(type, body)));
  let keyReady: Promise<unknown> = keys; // the key of the config (none yet: the JWKS)
  let ready = false;
  // The element's setup check runs at connect, before the JWKS key is given: a "missing key" then
  // is not the merchant's (it would reach the page as svc-error by timing). Only keys given count.
  let keyGiven = false;
  // The latest svc-change detail: complete, brand and the errors shown.
  let last: Record<string, unknown> = { complete: false, brand: 'unknown', errors: [] };
  // Edits and resets: the parent drops its token when this changes. Counted in the capture phase,
  // before the element's own input handler sends the change.
  let edits = 0;
  // Ends the hold the parent asked for (its encrypt() and the payment it holds for).
  let release: (() => void) | undefined;

  const sendChange = (changed = false) => {
    const validity = element.checkValidity() ? null : { missing: !!element.validity?.valueMissing, message: element.validationMessage };
    send('change', {
      ...last, changed, edits, fields: element.fieldFlags, validity,
      states: Object.fromEntries(FRAME_STATES.map((state) => [state, hasState(element, state)])),
    });
  };

  const configure = (config: Record<string, unknown>) => {
    // Members TO_FRAME checked, named as the element's properties; the key's below, once the JWKS came.
    for (const name of APPLIED) (element[name] as unknown) = config[name];
    root.lang = (config.lang as string) || 'pt-BR';
    const style = config.style as Record<string, unknown>;
    for (const name of STYLE_PROPERTIES) {
      const value = style[name];
      if (safeStyleValue(value)) element.style.setProperty(name, value);
      else element.style.removeProperty(name);
    }
    root.style.color = safeStyleValue(style['--svc-page-color']) ? style['--svc-page-color'] : '';
    root.style.colorScheme = safeScheme(style['--svc-page-scheme']) ? style['--svc-page-scheme'] : '';
    const keyId = config.keyId as string;
    keyReady = keys.then((list) => {
      const key = pickKey(list, keyId);
      keyGiven = true;
      element.publicKey = key ?? '';
      element.keyId = key?.kid ?? keyId;
    });
    void element.updateComplete.then(() => {
      sendChange();
      // The URL's config renders in the script's own task, before any port: only a port's config,
      // which has the page's style, says ready.
      if (ready || !port) return;
      send('ready', height());
      ready = true;
    });
  };

  const encrypt = async (id: number) => {
    await keyReady;
    const running = element.encrypt();
    sendChange(); // busy now
    let result: EncryptCardResult | undefined;
    let thrown = '';
    try {
      result = await running;
    } catch (error) {
      thrown = (error as { code?: unknown } | null)?.code === 'SECURE_CONTEXT_REQUIRED' ? 'SECURE_CONTEXT_REQUIRED' : 'ENCRYPTION_FAILED';
    }
    sendChange();
    send('result', { id, encryptedCard: result?.encryptedCard ?? null, errors: result?.errors ?? [], thrown });
  };

  const hold = (on: boolean) => {
    if (!on) {
      release?.();
      release = undefined;
    } else if (!release) {
      void element.hold(new Promise<void>((resolve) => (release = resolve))).then(() => sendChange());
      sendChange(); // busy now
    }
  };

  const take = (data: unknown) => {
    const received = readMessage(data, TO_FRAME);
    if (!received) return; // unknown, malformed or too long: dropped
    const { type, body } = received;
    if (type === 'config') configure(body);
    else if (type === 'encrypt') void encrypt(body.id as number);
    else if (type === 'reset') {
      edits++;
      element.reset();
    } else if (type === 'hold') hold(body.on as boolean);
    else if (type === 'focus') element.focus(body.field as FieldName);
    else if (type === 'error') element.showError(body.field as FieldName, body.message as string);
    else if (type === 'report') element.reportValidity();
  };

  element.addEventListener('svc-change', (event) => {
    last = { ...event.detail };
    sendChange(true);
  });
  element.addEventListener('input', () => edits++, true);
  element.addEventListener('focusin', () => sendChange());
  // The focused field's block (label, input, message lines), where the iframe shows it: the parent
  // scrolls the page to it whole, as Firefox and WebKit scroll a page only to the caret of a field in a frame.
  element.addEventListener('svc-focus', (event) => {
    const { top, bottom } = element.shadowRoot!.getElementById(event.detail.field)!.closest('.field')!.getBoundingClientRect();
    send('reveal', { top, bottom });
  });
  element.addEventListener('focusout', () => sendChange());
  // These four go to the parent with their details as they are (to-parent.ts checks each).
  for (const type of ['focus', 'blur', 'brand', 'encrypted'] as const) {
    element.addEventListener(`svc-${type}`, (event) => send(type, { ...event.detail }));
  }
  element.addEventListener('svc-error', (event) => {
    if (event.detail.code !== 'INVALID_PUBLIC_KEY' || keyGiven) send('error', { ...event.detail });
  });
  // Enter in a field submits the merchant's form: the parent does it (the frame has no form).
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.isComposing) send('submit');
  });
  new ResizeObserver(() => {
    if (ready) send('height', height());
  }).observe(root);
  // Only a config: nothing else of the protocol may come from the frame's URL (none or not an object: dropped).
  take({ ...(config as object), type: 'config' });
  return (chosen, first) => {
    port = chosen;
    port.onmessage = (event) => take(event.data);
    for (const data of held) port.postMessage(data);
    take(first);
  };
}
