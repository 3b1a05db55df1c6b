// A merchant page whose checkout is a component (e2e/frame/shadow-root.spec.ts), rendered the
// way Lit renders a template (a clone, its bound attribute set, then inserted): <shop-checkout>'s
// shadow root holds the form, a client-rendered <svc-card-form> with the demo's frame attributes
// (frame-src from ?frame=<url>) and the Pay button. ?depth=2 puts <shop-checkout> in <shop-app>'s
// shadow root too. Records the events and the form data at submit (window.seen), the submit kept
// on the page.
const params = new URLSearchParams(location.search);
window.seen = { events: [], submits: [] };
for (const type of ['svc-ready', 'svc-encrypted', 'svc-error']) {
  document.addEventListener(type, (event) => window.seen.events.push({ type, detail: event.detail }));
}

const template = document.createElement('template');
template.innerHTML = `<form>
  <svc-card-form name="card" lang="en" key-id="v1" amount="12990" installments='[{"installment":1},{"installment":3}]' holder-document></svc-card-form>
  <button type="submit">Pay</button>
</form>`;

customElements.define('shop-checkout', class extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    const view = document.importNode(template.content, true);
    view.querySelector('svc-card-form').setAttribute('frame-src', params.get('frame'));
    const form = view.querySelector('form');
    form.addEventListener('submit', (event) => {
      window.seen.submits.push(Object.fromEntries(new FormData(form)));
      event.preventDefault();
    });
    this.attachShadow({ mode: 'open' }).append(view);
  }
});
customElements.define('shop-app', class extends HTMLElement {
  connectedCallback() {
    if (!this.shadowRoot) this.attachShadow({ mode: 'open' }).append(document.createElement('shop-checkout'));
  }
});

document.querySelector('main').append(document.createElement(params.get('depth') === '2' ? 'shop-app' : 'shop-checkout'));
