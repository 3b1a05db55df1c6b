// The test page's record (no inline script): the chooser's events and the form's submits.
window.events = [];
window.submits = 0;
document.addEventListener('svc-method-change', (event) => window.events.push(event.detail));
document.getElementById('checkout').addEventListener('submit', (event) => {
  event.preventDefault();
  window.submits += 1;
});
