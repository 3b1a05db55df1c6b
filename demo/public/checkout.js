// The checkout page's only script (no inline code: strict CSP). On submit,
// <svc-card-form> encrypts the card and fires `svc-encrypted`; this script sends
// that token, and nothing else about the card, to the merchant server as JSON,
// with the chosen installments and the holder's CPF/CNPJ (not card data; the
// store checks both), and shows the outcome. The form itself never navigates. The server renders
// the page in one language (<html lang>: pt-BR, or en with ?lang=en); the
// outcome's message comes from the server in that language, the few texts
// below are this script's own.
// While paying, the element holds still (card.hold): fields read-only, :state(busy), which the
// stylesheet turns into the button's spinner and "Processando…" label; a second click is dropped.
const TEXTS = {
  'pt-BR': {
    offline: 'Não foi possível falar com a loja. Verifique sua conexão e tente novamente.',
    reference: 'Referência do pagamento:',
    pay: (plan, brl) => (plan.installments > 1 ? `Pagar ${plan.installments}x de ${brl(plan.installmentCents)}` : `Pagar ${brl(plan.totalCents)}`),
    canceled: 'Autenticação cancelada: o pagamento não foi concluído. Tente novamente.',
  },
  en: {
    offline: 'We could not reach the store. Check your connection and try again.',
    reference: 'Payment reference:',
    pay: (plan, brl) => (plan.installments > 1 ? `Pay ${plan.installments}x ${brl(plan.installmentCents)}` : `Pay ${brl(plan.totalCents)}`),
    canceled: 'Authentication canceled: the payment was not made. Please try again.',
  },
};
const lang = /^en(-|$)/i.test(document.documentElement.lang) ? 'en' : 'pt-BR';
const say = TEXTS[lang];
const form = document.getElementById('checkout');
const card = form.querySelector('svc-card-form');
const outcome = document.getElementById('outcome');
// BRL as the page's server writes it (page.mjs formatBRL, pt-BR in both languages): following the plan rewrites the same text, so nothing reflows.
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const brl = (cents) => money.format(cents / 100);

/** The payment's outcome, in the polite live region: said once. */
function show(kind, text, reference) {
  outcome.dataset.outcome = kind;
  outcome.replaceChildren(...(text ? [text] : []));
  if (reference) {
    const line = document.createElement('p');
    line.className = 'reference';
    line.append(`${say.reference} `, Object.assign(document.createElement('strong'), { textContent: reference }));
    outcome.append(' ', line); // the space: its text reads as two sentences
  }
}

async function sendToken({ encryptedCard, installments, holderDocument }) {
  const response = await fetch('/api/pay', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ encryptedCard, installments, holderDocument, lang }),
  });
  return response.json();
}

// Pay waits for the card form: disabled, saying why, until svc-ready (or svc-error: a frame that
// never answers, told on the click). The inline element's script runs before this deferred one,
// so the form may be ready already.
const pay = document.getElementById('pay');
const ready = () => {
  pay.disabled = false;
  delete pay.dataset.waiting;
};
card.addEventListener('svc-ready', ready);
card.addEventListener('svc-error', ready);
if (!card.hasAttribute('frame-src') && card.shadowRoot?.getElementById('number')) ready();
/**
 * Pays; when the card asks for 3-D Secure (issue 23) the challenge is shown with what the API
 * answered (svc.handleNextAction, dist/svc-next-action.js), then the store's server is asked for
 * the outcome: the API's status decides, not the challenge's message.
 */
async function payWith(detail) {
  const answer = await sendToken(detail);
  if (answer.outcome !== 'authenticate') return answer;
  show('', answer.message);
  const ended = await globalThis.svc.handleNextAction(answer.next, { lang });
  if (ended.status === 'CANCELED') return { outcome: 'canceled', message: say.canceled };
  const response = await fetch(`/api/transaction?id=${encodeURIComponent(answer.transactionId)}&lang=${lang}`);
  return response.json();
}

// The element re-submits the form once the token is its value (`card`); the page
// handles the token from the event instead, so it works the same in every engine.
form.addEventListener('submit', (event) => event.preventDefault());

form.addEventListener('svc-encrypted', async (event) => {
  show('', '');
  try {
    // Held: no edit can make the card on screen differ from the one paid.
    const answer = await card.hold(payWith(event.detail));
    if (answer.outcome === 'declined') {
      // Where the eye is (issue 27): at the field it concerns, marked and announced by the element,
      // until the shopper edits it; the focus there. Nothing is inserted above Pay: it does not move.
      show('declined', ''); // the kind only (data-outcome): no text below Pay
      card.showError(answer.field, answer.message);
      card.focus(answer.field);
      return;
    }
    show(answer.outcome, answer.message, answer.transactionId);
    if (answer.outcome === 'paid' || answer.outcome === 'authorized') {
      form.hidden = true; // done: nothing left to submit
      outcome.focus();
    } else if (answer.outcome === 'canceled') {
      card.focus('number'); // another card: the focus where it is typed, not on <body>
    }
  } catch {
    show('error', say.offline);
  }
});

// The element shows each field's error at the field and announces their count (issue 27: no
// summary above Pay, which moved it under the pointer); the page shows only what is not a field's.
form.addEventListener('svc-error', (event) => {
  if (event.detail.code !== 'INVALID_CARD') show('error', event.detail.message);
});
form.addEventListener('svc-change', (event) => {
  if (event.detail.plan) follow(event.detail.plan);
});

/**
 * The plan is the price (issue 27): the installment plan chosen in the element sets the order's
 * total, its interest line and the Pay button ("Pagar 12x de R$ 12,10"). The store charges that
 * total (server.mjs): the page says what will be charged.
 */
function follow(plan) {
  const interest = document.getElementById('interest');
  const price = Number(card.getAttribute('amount'));
  interest.hidden = plan.totalCents === price;
  write(interest.querySelector('span'), brl(plan.totalCents - price));
  write(document.getElementById('total'), brl(plan.totalCents));
  write(form.querySelector('#pay .pay-label'), say.pay(plan, brl));
}

/**
 * Only a text that changed is written: svc-change also fires when a field loses focus, which is
 * during the click on Pay, and WebKit drops a click whose target's text was replaced meanwhile.
 */
function write(element, text) {
  if (element.textContent !== text) element.textContent = text;
}
