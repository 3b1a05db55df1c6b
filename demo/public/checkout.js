// The checkout page's only script (no inline code: strict CSP). On submit,
// <svc-card-form> encrypts the card and fires `svc-encrypted`; this script sends
// that token, and nothing else about the card, to the merchant server as JSON
// and shows the outcome. The form itself never navigates.
const form = document.getElementById('checkout');
const pay = document.getElementById('pay');
const outcome = document.getElementById('outcome');

function show(kind, text) {
  outcome.hidden = false;
  outcome.dataset.outcome = kind;
  outcome.textContent = text;
}

async function sendToken(encryptedCard) {
  const response = await fetch('/api/pay', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ encryptedCard }),
  });
  return response.json();
}

// The element re-submits the form once the token is its value (`card`); the page
// handles the token from the event instead, so it works the same in every engine.
form.addEventListener('submit', (event) => event.preventDefault());

let sending = false;
form.addEventListener('svc-encrypted', async (event) => {
  if (sending) return;
  sending = true;
  pay.disabled = true;
  show('pending', 'Processing your payment…');
  try {
    const answer = await sendToken(event.detail.encryptedCard);
    show(answer.outcome, answer.message);
    if (answer.outcome === 'paid' || answer.outcome === 'authorized') {
      form.hidden = true; // done: nothing left to submit
      outcome.focus();
    }
  } catch {
    show('error', 'We could not reach the store. Check your connection and try again.');
  } finally {
    sending = false;
    pay.disabled = false;
  }
});

// The element shows each field's error itself; the page sums it up once.
form.addEventListener('svc-error', (event) => {
  const { code } = event.detail;
  if (code === 'INVALID_CARD') show('invalid', 'Please correct the card details marked above.');
  else show('error', event.detail.message);
});
