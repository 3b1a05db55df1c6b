// The naive shop's page script (naive-shop.ts): Pay is never disabled, every answer but "paid"
// is an error, a slip is shown and forgotten. What `svc-sandbox check` must catch.
const form = document.getElementById('checkout');
const methods = document.getElementById('methods');
const status = document.getElementById('status');
const alert = document.getElementById('alert');
const next = document.getElementById('next');

async function pay(body) {
  status.textContent = '';
  alert.textContent = '';
  const answer = await fetch('/api/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await answer.json();
  if (json.paid) status.textContent = 'Thank you: paid.';
  else if (json.slip) {
    next.replaceChildren();
    void globalThis.svc.handleNextAction(json.slip, { container: next, lang: 'en' });
  } else alert.textContent = json.error ?? 'Payment failed, try again';
}

form.addEventListener('svc-encrypted', (event) => void pay({ method: 'card', token: event.detail.encryptedCard }));
form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (methods.value !== 'card') void pay({ method: methods.value });
});
