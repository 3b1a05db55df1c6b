// The checkout page's only script (no inline code: strict CSP). On submit,
// <svc-card-form> encrypts the card and fires `svc-encrypted`; this script sends
// that token, and nothing else about the card, to the merchant server as JSON,
// with the chosen installments and the holder's CPF/CNPJ (not card data; the
// store checks both), and shows the outcome. The form itself never navigates. The server renders
// the page in one language (<html lang>: pt-BR, or en with ?lang=en); the
// outcome's message comes from the server in that language, the few texts
// below are this script's own.
const TEXTS = {
  'pt-BR': {
    pending: 'Processando o pagamento…',
    offline: 'Não foi possível falar com a loja. Verifique sua conexão e tente novamente.',
    invalid: 'Corrija os dados do cartão indicados acima.',
  },
  en: {
    pending: 'Processing your payment…',
    offline: 'We could not reach the store. Check your connection and try again.',
    invalid: 'Please correct the card details marked above.',
  },
};
const lang = /^en(-|$)/i.test(document.documentElement.lang) ? 'en' : 'pt-BR';
const say = TEXTS[lang];
const form = document.getElementById('checkout');
const pay = document.getElementById('pay');
const outcome = document.getElementById('outcome');

function show(kind, text) {
  outcome.hidden = false;
  outcome.dataset.outcome = kind;
  outcome.textContent = text;
}

async function sendToken({ encryptedCard, installments, holderDocument }) {
  const response = await fetch('/api/pay', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ encryptedCard, installments, holderDocument, lang }),
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
  show('pending', say.pending);
  try {
    const answer = await sendToken(event.detail);
    show(answer.outcome, answer.message);
    if (answer.outcome === 'paid' || answer.outcome === 'authorized') {
      form.hidden = true; // done: nothing left to submit
      outcome.focus();
    }
  } catch {
    show('error', say.offline);
  } finally {
    sending = false;
    pay.disabled = false;
  }
});

// The element shows each field's error itself; the page sums it up once. Other
// codes (e.g. an insecure page) carry the element's message, in the same language.
form.addEventListener('svc-error', (event) => {
  const { code } = event.detail;
  if (code === 'INVALID_CARD') show('invalid', say.invalid);
  else show('error', event.detail.message);
});
