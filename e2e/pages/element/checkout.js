// The merchant's side of the test page: records what a merchant could see
// (event details, the form data at submit) for the e2e assertions. With
// `?stay` in the URL the submit is kept on the page instead of navigating.
const form = document.getElementById('checkout');
const card = document.querySelector('svc-card-form');
const stay = new URLSearchParams(location.search).has('stay');
window.seen = { events: [], submits: [], busy: [] };

for (const type of ['svc-change', 'svc-brand', 'svc-encrypted', 'svc-error']) {
  document.addEventListener(type, (event) => window.seen.events.push({ type, detail: event.detail }));
}
form.addEventListener('submit', (event) => {
  window.seen.submits.push(Object.fromEntries(new FormData(form)));
  if (stay) event.preventDefault();
});
customElements.whenDefined('svc-card-form').then(() => card.updateComplete).then(() => {
  const group = card.shadowRoot.querySelector('[part="group"]');
  new MutationObserver(() => window.seen.busy.push(group.getAttribute('aria-busy')))
    .observe(group, { attributes: true, attributeFilter: ['aria-busy'] });
  document.body.dataset.ready = 'true';
});
