// A merchant page in frame mode with issue 11's extras (e2e/frame/checkout-extras.spec.ts):
// the element gets its card frame from ?frame=<url>, plans and amount from ?installments= and
// ?amount=, and the holder's document field; records the events and the form data at submit
// (window.seen), the submit kept on the page.
const params = new URLSearchParams(location.search);
const form = document.getElementById('checkout');
const card = document.createElement('svc-card-form');
card.setAttribute('name', 'card');
card.setAttribute('holder-document', '');
card.setAttribute('installments', params.get('installments') ?? '[]');
card.setAttribute('amount', params.get('amount') ?? '');
card.setAttribute('frame-src', params.get('frame'));
window.seen = { events: [], submits: [] };
for (const type of ['svc-ready', 'svc-change', 'svc-encrypted', 'svc-error']) {
  document.addEventListener(type, (event) => window.seen.events.push({ type, detail: event.detail }));
}
form.addEventListener('submit', (event) => {
  window.seen.submits.push(Object.fromEntries(new FormData(form)));
  event.preventDefault();
});
form.prepend(card);
