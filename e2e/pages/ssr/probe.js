// Runs first on the server-rendered page of e2e/element/ssr-hydrate.spec.ts, before the element's
// (delayed) scripts: notes every animation frame in which the fields are laid out while the element
// is not yet defined, their boxes then and after hydration, the layout shifts (where the engine
// reports them) and svc-ready. Read by the spec through window.ssr.
(() => {
  const ssr = (window.ssr = { framesBeforeScript: 0, shift: 0, shifts: 0, before: null, firstNumber: null });
  const host = () => document.querySelector('svc-card-form');
  const boxes = () => [...host().shadowRoot.querySelectorAll('label, input, .messages')].map((node) => {
    const { x, y, width, height } = node.getBoundingClientRect();
    return [x, y, width, height].map((n) => Math.round(n * 10) / 10).join(' ');
  });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        ssr.shift += entry.value;
        ssr.shifts++;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    ssr.shiftObserved = true;
  } catch {
    ssr.shiftObserved = false; // no layout-shift entries in this engine: the boxes say it
  }
  document.addEventListener('svc-ready', () => {
    ssr.readyAt = performance.now();
    ssr.after = boxes();
  });
  const watch = () => {
    if (customElements.get('svc-card-form')) return;
    const number = host()?.shadowRoot?.getElementById('number');
    // Once the HTML is parsed (the deferred scripts still held back): on a loaded machine the parser
    // yielded inside the form, and 'before' held its first field alone (a CI run of session 23).
    if (number && document.readyState !== 'loading' && number.getBoundingClientRect().width > 0) {
      ssr.framesBeforeScript++;
      ssr.before ??= boxes();
      ssr.firstNumber ??= number;
    }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
})();
