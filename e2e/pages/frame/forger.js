// A third origin inside the merchant page (an ad, a widget) posting forged card-frame messages
// to the merchant page and to every frame of it (issue 9 tests). window.received lists anything
// that ever came back, on window or on the forged ports; window.forged counts what was sent.
window.received = [];
window.forged = 0;
addEventListener('message', (event) => window.received.push(['window', event.origin, event.data]));
const token = { keyId: 'v1', encryptedKey: 'AAAA', iv: 'AAAAAAAAAAAAAAAA', ciphertext: 'AAAA', authTag: 'AAAAAAAAAAAAAAAAAAAAAA==' };
const flags = { empty: false, complete: true, invalid: false };
const toParent = [
  { v: 1, type: 'hello', channel: '0123456789abcdef0123456789abcdef' },
  { v: 1, type: 'ready', height: 5 },
  { v: 1, type: 'height', height: 5 },
  { v: 1, type: 'encrypted', encryptedCard: token, brand: 'visa', last4: '4242' },
  { v: 1, type: 'change', changed: true, complete: true, brand: 'visa', errors: [], edits: 9, validity: null,
    fields: { holder: flags, number: flags, expiry: flags, securityCode: flags }, states: { complete: true } },
  { v: 1, type: 'result', id: 1, encryptedCard: token, errors: [], thrown: '' },
  { v: 1, type: 'submit' },
];
const toFrame = [
  { v: 1, type: 'config', lang: 'en', strings: { numberLabel: 'FORGED' }, acceptedBrands: ['elo'], disabled: true, keyId: 'forged', style: {} },
  { v: 1, type: 'reset' },
  { v: 1, type: 'encrypt', id: 1 },
  { v: 1, type: 'focus', field: 'number' },
];
function forge() {
  window.frameTargets = parent.frames.length; // the card frame and this one
  for (const message of toParent) {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = (event) => window.received.push(['port', event.data]);
    parent.postMessage(message, '*', [port2]);
    window.forged++;
  }
  for (let i = 0; i < parent.frames.length; i++) {
    if (parent.frames[i] === window) continue;
    for (const message of toFrame) {
      parent.frames[i].postMessage(message, '*');
      window.forged++;
    }
  }
}
setInterval(forge, 100);
