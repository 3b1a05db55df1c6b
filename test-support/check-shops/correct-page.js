// The correct fixture shop's page script (correct-shop.ts): one payment at a time (Pay and the
// methods disabled meanwhile), the attempt counted so a retry of the same attempt is the same
// Idempotency-Key on the server, every answer shown: paid, declined (at the card form), a next
// action (3-D Secure, PIX, boleto) through svc.handleNextAction, waiting.
const form = document.getElementById('checkout');
const methods = document.getElementById('methods');
const card = form.querySelector('svc-card-form');
const payButton = document.getElementById('pay');
const status = document.getElementById('status');
const alert = document.getElementById('alert');
const next = document.getElementById('next');
const other = document.getElementById('other-method');
const orderId = document.getElementById('shop').dataset.order;
let attempt = 1;
let busy = false;
let leaving;

const say = (text, isError = false) => {
  status.textContent = isError ? '' : text;
  alert.textContent = isError ? text : '';
};
const lock = (on) => { busy = on; payButton.disabled = on; methods.disabled = on; };
const post = async (body) => (await fetch('/api/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ orderId, attempt, ...body }) })).json();
const orderPaid = async () => (await (await fetch(`/api/order?id=${encodeURIComponent(orderId)}`)).json()).outcome === 'paid';

async function answered(answer) {
  if (answer.outcome === 'paid') { form.hidden = true; return say('Paid: thank you, your order is confirmed.'); }
  if (answer.outcome === 'waiting') return say('Payment under analysis: we will email you when it is confirmed.');
  if (answer.outcome === 'next' && answer.next.transaction?.nextAction) {
    say('Confirm the payment with your bank…');
    const ended = await globalThis.svc.handleNextAction(answer.next, { lang: 'en' });
    if (await orderPaid()) return answered({ outcome: 'paid' });
    attempt += 1;
    return say(ended.status === 'CANCELED' ? '3-D Secure was canceled: pay again, or use another card.' : 'Your bank did not confirm the payment: try another card.', true);
  }
  if (answer.outcome === 'next') {
    form.hidden = true;
    other.hidden = false;
    say('Pay the code below: this page waits for the bank.');
    leaving = new AbortController();
    const ended = await globalThis.svc.handleNextAction(answer.next, { lang: 'en', container: next, interval: 1000, check: orderPaid, signal: leaving.signal });
    other.hidden = true;
    if (ended.status === 'PAID') return answered({ outcome: 'paid' });
    next.replaceChildren();
    form.hidden = false;
    return say(ended.status === 'EXPIRED' ? 'The code expired: pay again.' : '', ended.status === 'EXPIRED');
  }
  attempt += 1;
  say(answer.message ?? 'The payment could not be made.', true);
  if (answer.outcome === 'declined') card.showError?.('number', answer.message);
}

async function pay(body) {
  if (busy) return;
  lock(true);
  say('Paying…');
  try {
    await answered(await post(body));
  } catch {
    say('The payment could not be confirmed: check your connection and press Pay again.', true);
  } finally {
    lock(false);
  }
}

other.addEventListener('click', () => { leaving?.abort(); attempt += 1; });
form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (methods.value !== 'card') void pay({ method: methods.value });
  else if (busy) event.stopImmediatePropagation();
});
form.addEventListener('svc-encrypted', (event) => void pay({ method: 'card', token: event.detail.encryptedCard }));
