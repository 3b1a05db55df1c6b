// The checkout page's only script (no inline code: strict CSP). On submit,
// <svc-card-form> encrypts the card and fires `svc-encrypted`; this script sends
// that token, and nothing else about the card, to the merchant server as JSON
// (the order is the one the page's cookie names, set by the server with the page),
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
    payTotal: (brl) => `(total ${brl})`,
    canceled: 'Autenticação cancelada: o pagamento não foi feito. Pague de novo para autenticar, ou tente outro cartão.',
    tryCard: 'Tentar outro cartão',
    checkExpiry: 'Corrigir a validade',
    pixInstead: 'Pagar com PIX',
    payPix: (brl) => `Pagar ${brl} com PIX`,
    payBoleto: (brl) => `Gerar boleto de ${brl}`,
    payPixAuto: (brl) => `Assinar com PIX Automático: ${brl}/mês`, // as page.mjs renders it
    askAgain: 'Pedir a autorização de novo',
    payByCard: 'Pagar com cartão',
    expired: 'O prazo para pagar terminou. Escolha a forma de pagamento de novo.',
    done: 'Pedido confirmado',
  },
  en: {
    offline: 'We could not reach the store. Check your connection and try again.',
    reference: 'Payment reference:',
    pay: (plan, brl) => (plan.installments > 1 ? `Pay ${plan.installments}x ${brl(plan.installmentCents)}` : `Pay ${brl(plan.totalCents)}`),
    payTotal: (brl) => `(total ${brl})`,
    canceled: 'Authentication canceled: the payment was not made. Pay again to authenticate, or try another card.',
    tryCard: 'Try another card',
    checkExpiry: 'Fix the expiry date',
    pixInstead: 'Pay with PIX',
    payPix: (brl) => `Pay ${brl} with PIX`,
    payBoleto: (brl) => `Get a boleto for ${brl}`,
    payPixAuto: (brl) => `Subscribe with PIX Automático: ${brl}/month`,
    askAgain: 'Ask for the authorisation again',
    payByCard: 'Pay by card',
    expired: 'The time to pay is over. Please choose how to pay again.',
    done: 'Order confirmed',
  },
};
const lang = /^en(-|$)/i.test(document.documentElement.lang) ? 'en' : 'pt-BR';
const say = TEXTS[lang];
const form = document.getElementById('checkout');
const card = form.querySelector('svc-card-form');
// The payment methods chooser (issue 27, dist/svc-payment-methods.js): card, PIX or boleto, as the store offers them.
const methods = document.getElementById('methods');
const method = () => methods.value ?? 'card';
const next = document.getElementById('next');
// Under a PIX or boleto waiting: the shopper would rather pay another way. The wait ends (its signal).
const other = document.getElementById('other-method');
let leaving;
other.addEventListener('click', () => leaving?.abort());
const outcome = document.getElementById('outcome');
// BRL as the page's server writes it (page.mjs formatBRL, in the page's language, as the element's plans and the
// receipt write it: R$ 129,90 in pt-BR, R$129.90 in en): following the plan rewrites the same text, so nothing reflows.
// Made at first use, not as the page loads (issue 27): a page's first currency NumberFormat costs
// 15 to 76 ms of ICU set-up, which held the card frame's hello at DOMContentLoaded; after svc-ready
// it is made in an idle moment, so the first plan chosen does not pay it either.
let money;
const brl = (cents) => (money ??= new Intl.NumberFormat(lang, { style: 'currency', currency: 'BRL' })).format(cents / 100);

/**
 * The payment's outcome, in the polite live region (the receipt: see done). A paid one comes with the receipt's
 * rows ([label, value]: amount, method, brand and last four, plan) as the store's server read them
 * from the API's answer, never from what was typed on this page.
 */
function show(kind, text, reference, rows = []) {
  outcome.dataset.outcome = kind;
  outcome.replaceChildren(...(text ? [text] : []));
  if (rows.length) {
    const list = Object.assign(document.createElement('dl'), { className: 'receipt' });
    for (const [label, value] of rows) list.append(Object.assign(document.createElement('dt'), { textContent: label }), Object.assign(document.createElement('dd'), { textContent: value }));
    outcome.append(' ', list);
  }
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
// never answers, told on the click). The form may be ready before this deferred script runs (the
// inline element's script runs first; the frame may answer first): its `ready` says so.
// PIX and boleto need no card form: Pay waits only while the card is chosen.
const pay = document.getElementById('pay');
let cardReady = false;
let slipBusy = false; // a PIX or boleto being made
function payState() {
  const waiting = method() === 'card' && !cardReady;
  pay.disabled = waiting || slipBusy;
  if (waiting) pay.dataset.waiting = '';
  else delete pay.dataset.waiting;
}
const ready = () => {
  cardReady = true;
  payState();
  (window.requestIdleCallback ?? setTimeout)(() => brl(0)); // the BRL format made now, not at the first plan chosen
};
card.addEventListener('svc-ready', ready);
card.addEventListener('svc-error', ready);
if (card.ready) ready();
/** The store's word on this tab's order (GET /api/order: the order the page's cookie names, as the webhooks left it). */
async function readOrder() {
  return (await fetch(`/api/order?lang=${lang}`)).json();
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks the store every second while the card payment waits (a challenge done, PROCESSING, in analysis): the webhook ends it. */
async function orderSettled() {
  for (;;) {
    const answer = await readOrder();
    if (answer.outcome !== 'waiting') return answer;
    await pause(1000);
  }
}

/**
 * Pays; when the card asks for 3-D Secure (issue 23) the challenge is shown with what the API
 * answered (svc.handleNextAction, dist/svc-next-action.js), then the store's server is asked for
 * the order: the API's status, as its webhook told the store, decides, not the challenge's message.
 * A payment still being processed waits the same way.
 */
async function payWith(detail) {
  const answer = await sendToken(detail);
  if (answer.outcome === 'waiting') {
    show('waiting', answer.message);
    return orderSettled();
  }
  if (answer.outcome !== 'authenticate') return answer;
  show('', answer.message);
  const ended = await globalThis.svc.handleNextAction(answer.next, { lang });
  if (ended.status === 'CANCELED') return { outcome: 'canceled', message: say.canceled };
  return orderSettled();
}

// The element re-submits the form once the token is its value (`card`); the page
// handles the token from the event instead, so it works the same in every engine. With PIX or
// boleto chosen the card form is disabled (the chooser does it) and the submit comes here at once.
form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (method() === 'pix-auto') void payByMandate();
  else if (method() !== 'card') void payBySlip(method());
});

let settled; // the store's answer once the order is paid (GET /api/order)
// The PIX or boleto being asked of the store: another method chosen meanwhile aborts it (the latest
// choice wins; docs/decisions.md), so a late answer does not cover the method the shopper now has.
let asking;

/** The store's word on each way a PIX or boleto wait ends, as handleNextAction's check answers it. */
const SLIP_ENDS = { paid: 'PAID', expired: 'EXPIRED', canceled: 'CANCELED' };
let slipEnd; // the store's answer that ended the wait (its message says what to do next)
/**
 * Asks the store's server how the order's PIX or boleto stands (its webhooks say so: paid, or
 * expired or cancelled by the bank): no secret on the page. Anything else: still waiting.
 */
async function slipState() {
  const answer = await readOrder();
  if (!SLIP_ENDS[answer.outcome]) return false;
  slipEnd = answer;
  if (answer.outcome === 'paid') settled = answer;
  return SLIP_ENDS[answer.outcome];
}

/**
 * The PIX or boleto this tab waits for, kept across a reload (sessionStorage: what the store
 * answered, no card data): the page shows the same code again and goes on waiting, instead of the
 * checkout, where Pay would make a second charge while the first is still payable. Once paid, the
 * receipt is kept instead (see done), until "New order".
 */
const KEPT = 'demo-checkout'; // the slip waited for, or once paid the receipt
function keep(answer) {
  try {
    if (answer) sessionStorage.setItem(KEPT, JSON.stringify(answer));
    else sessionStorage.removeItem(KEPT);
  } catch {
    // No storage in this tab: a reload shows the checkout.
  }
}
function kept() {
  try {
    return JSON.parse(sessionStorage.getItem(KEPT) ?? 'null');
  } catch {
    return null;
  }
}

/**
 * PIX or boleto (issue 27): the store's server pays the order's one charge by that method (issue 41:
 * the same charge a card would pay, so choosing another way never leaves a second one to pay); the
 * QR and copy-paste code, or the boleto's line and due date, are shown by handleNextAction in the
 * page, which waits, asking the store every 2 s, until its webhook says the bank has paid it (in the
 * sandbox, its settle action). Then the receipt, as the API says it. `resumed`: the answer kept before a reload.
 */
async function payBySlip(chosen, resumed) {
  if (slipBusy) return;
  let expired = false;
  slipBusy = true;
  payState();
  show('', '');
  asking = new AbortController();
  const { signal } = asking;
  slipEnd = undefined;
  try {
    const answer = resumed ?? await (await fetch('/api/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: chosen, lang }), signal })).json();
    asking = undefined;
    if (answer.outcome !== 'pending') return show(answer.outcome, answer.message);
    keep(answer);
    form.hidden = true; // the slip is the next step; "another way to pay" under it brings the methods back
    next.hidden = false;
    show('pending', answer.message);
    leaving = new AbortController();
    other.hidden = false;
    // Asked every second: the bank's settle, expiry or cancellation is told within 2 s (issue 39; its webhook takes a fraction of one).
    const ended = await globalThis.svc.handleNextAction(answer.next, { lang, container: next, interval: 1000, check: slipState, signal: leaving.signal });
    other.hidden = true;
    keep(undefined);
    if (ended.status === 'PAID' && settled) return done(settled);
    if (ended.status === 'CANCELED') return cancelled(slipEnd?.message);
    next.hidden = true;
    next.replaceChildren();
    form.hidden = false;
    // Another way chosen: the methods again, the focus on the one chosen (the chooser's radio group).
    if (ended.status !== 'EXPIRED') {
      show('', '');
      methods.shadowRoot?.querySelector('input:checked')?.focus();
      return;
    }
    show('error', slipEnd?.message ?? say.expired);
    expired = true;
  } catch {
    if (!signal.aborted) show('error', say.offline); // aborted: dropped, the page is the new method's already
  } finally {
    slipBusy = false;
    payState();
  }
  // The panel that had the focus is gone: Pay takes it (enabled again), where the shopper pays anew
  // or goes back to the methods above it; not <body>, where Tab starts over from the page's top.
  if (expired) pay.focus();
}

/**
 * Paid: the receipt under its own heading, the focus on it; kept for the tab, so a reload shows it
 * again rather than a checkout that invites paying twice (`resumed`: shown again after a reload).
 * Only what the receipt shows is kept, as the store's server wrote it: amount, method, brand and
 * last four, plan, reference; never the card's number, its token or the holder.
 */
function done(answer, resumed) {
  const { outcome: kind, message, transactionId, receipt } = answer;
  keep({ outcome: kind, message, transactionId, receipt });
  form.hidden = true;
  document.querySelector('h1').textContent = say.done;
  // Said once, where the focus goes: a region named by the page's heading (as the PIX panel is),
  // no longer the live region, which said it before the focus said it again.
  outcome.removeAttribute('aria-live');
  outcome.setAttribute('role', 'region');
  outcome.setAttribute('aria-labelledby', 'page-title');
  show(kind, message, transactionId, receipt);
  newOrder.hidden = false;
  if (!resumed) outcome.focus();
}
/**
 * The bank cancelled the order's PIX or boleto (issue 39): its charge can never be paid, so the next
 * step is a new order, one tap: the store's message, and "New order" (a reload makes a new order:
 * the store's server opens one when the order's slip was cancelled), which takes the focus.
 */
function cancelled(message) {
  next.replaceChildren();
  next.hidden = true;
  show('error', message ?? say.expired);
  newOrder.hidden = false;
  newOrder.focus();
}
// "New order" forgets the receipt; its link then loads the checkout afresh.
const newOrder = document.getElementById('new-order');
newOrder.addEventListener('click', () => keep(undefined));

/**
 * A card payment that did not go through (declined, the challenge failed or cancelled), where the eye
 * is (issue 39): in the alert right under Pay, where the shopper tapped, scrolled into sight; the focus
 * stays where it was (on Pay). The next step is one tap: the field to fix ("Tentar outro cartão" goes to
 * the number, an expired card to the expiry), or PIX instead when the store offers it.
 */
const atPay = document.getElementById('pay-outcome');
function clearAtPay() {
  delete atPay.dataset.outcome;
  delete atPay.dataset.mandate;
  atPay.replaceChildren();
}
const stepButton = (label, act) => {
  const button = Object.assign(document.createElement('button'), { type: 'button', textContent: label });
  button.addEventListener('click', () => {
    clearAtPay();
    act();
  });
  return button;
};
function showAtPay(kind, text, field = 'number') {
  atPay.dataset.outcome = kind;
  const steps = Object.assign(document.createElement('div'), { className: 'next-steps' });
  steps.append(stepButton(field === 'expiry' ? say.checkExpiry : say.tryCard, () => card.focus(field)));
  const pix = methods.shadowRoot?.querySelector('input[value="pix"]');
  if (pix) steps.append(stepButton(say.pixInstead, () => { pix.click(); void payBySlip('pix'); }));
  atPay.replaceChildren(Object.assign(document.createElement('p'), { textContent: text }), steps);
  atPay.scrollIntoView({ block: 'nearest' });
  // The challenge's modal gave the focus back to <body> (Pay is not focused by a click in WebKit): Pay takes it.
  if (document.activeElement === document.body || !document.activeElement) pay.focus();
}

form.addEventListener('svc-encrypted', async (event) => {
  show('', '');
  clearAtPay();
  try {
    // Held: no edit can make the card on screen differ from the one paid; and no other method can
    // be chosen meanwhile, which would hide the card form its outcome is shown at.
    methods.disabled = true;
    const answer = await card.hold(payWith(event.detail)).finally(() => { methods.disabled = false; });
    if (answer.outcome === 'declined' || answer.outcome === 'canceled') {
      show(answer.outcome, ''); // the kind only (data-outcome): the text is beside Pay
      showAtPay(answer.outcome, answer.message, answer.field);
      return;
    }
    if (answer.outcome === 'paid' || answer.outcome === 'authorized') return done(answer); // nothing left to submit
    show(answer.outcome, answer.message, answer.transactionId);
  } catch {
    show('error', say.offline);
  }
});

// The element shows each field's error at the field and announces their count (issue 27: no
// summary above Pay, which moved it under the pointer); the page shows only what is not a field's.
form.addEventListener('svc-error', (event) => {
  if (event.detail.code !== 'INVALID_CARD') show('error', event.detail.message);
});
let plan; // the card's chosen plan, followed again when the card is chosen back
form.addEventListener('svc-change', (event) => {
  if (event.detail.plan) plan = event.detail.plan;
  // The card frame's first svc-change may come after the shopper chose PIX: the card's plan then waits.
  if (event.detail.plan && method() === 'card') follow(plan);
});

// Another method (svc-method-change): the order's total and Pay follow it. PIX and boleto are the
// product's price at once (no installments, no interest); the card, its chosen plan.
methods.addEventListener('svc-method-change', ({ detail }) => {
  asking?.abort();
  clearAtPay();
  const price = Number(card.getAttribute('amount'));
  if (detail.method === 'card') follow(plan ?? { installments: 1, installmentCents: price, totalCents: price });
  else {
    document.getElementById('interest').hidden = true;
    write(document.getElementById('total'), brl(price));
    write(form.querySelector('#pay .pay-label'), ({ pix: say.payPix, boleto: say.payBoleto, 'pix-auto': say.payPixAuto })[detail.method](brl(price)));
    write(form.querySelector('#pay .pay-total'), '');
  }
  payState();
});

/**
 * The plan is the price (issue 27): the installment plan chosen in the element sets the order's
 * total, its interest and the Pay button ("Pagar 12x de R$ 12,10 (total R$ 145,20)"). The store charges that
 * total (server.mjs): the page says what will be charged.
 */
function follow(plan) {
  const interest = document.getElementById('interest');
  const price = Number(card.getAttribute('amount'));
  interest.hidden = plan.totalCents === price;
  write(interest.querySelector('span'), brl(plan.totalCents - price));
  write(document.getElementById('total'), brl(plan.totalCents));
  write(form.querySelector('#pay .pay-label'), say.pay(plan, brl));
  // In installments Pay says the total too, on a line of its own that Pay always has room for (issue 39).
  write(form.querySelector('#pay .pay-total'), plan.installments > 1 ? say.payTotal(brl(plan.totalCents)) : '');
}

/**
 * Only a text that changed is written: svc-change also fires when a field loses focus, which is
 * during the click on Pay, and WebKit drops a click whose target's text was replaced meanwhile.
 */
function write(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

/**
 * The monthly plan's page (?plan=monthly, issue 40 item 3): PIX Automático. The store's server makes the order
 * a PIX subscription of the plan and asks the payer's bank for a mandate whose code also pays the first month
 * (POST /api/subscribe); handleNextAction shows it (svc-mandate.js) and asks the store every second how it
 * stands (GET /api/order: its verified mandate.updated webhooks). ACTIVE: the first month was paid with the
 * authorisation, its charge.paid webhook fulfils the order: the receipt. REJECTED or EXPIRED: said beside Pay,
 * with the next step (ask again: a new mandate; or the card, which pays the same charge: /api/pay).
 */
let planEnd; // the store's answer that ended the mandate's wait
async function mandateState() {
  const answer = await readOrder();
  planEnd = answer;
  if (answer.outcome === 'paid') settled = answer;
  return answer.outcome === 'paid' ? 'ACTIVE' : answer.mandate?.status ?? 'PENDING';
}

/** Once the mandate is ACTIVE: the order paid by its first charge (the webhook follows the approval within a second or two). */
async function planPaid() {
  for (let tries = 0; tries < 30 && !settled; tries += 1) {
    const answer = await readOrder();
    if (answer.outcome === 'paid') settled = answer;
    else await pause(1000);
  }
  return settled;
}

async function payByMandate() {
  if (slipBusy) return;
  let ended;
  slipBusy = true;
  payState();
  show('', '');
  clearAtPay();
  asking = new AbortController();
  const { signal } = asking;
  planEnd = undefined;
  try {
    const answer = await (await fetch(`/api/subscribe?lang=${lang}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', signal })).json();
    asking = undefined;
    if (answer.outcome === 'paid') return done(answer);
    if (answer.outcome !== 'authorise') return show('error', answer.message);
    form.hidden = true;
    next.hidden = false;
    leaving = new AbortController();
    other.hidden = false;
    ({ status: ended } = await globalThis.svc.handleNextAction(answer.next, { lang, container: next, interval: 1000, check: mandateState, signal: leaving.signal }));
    other.hidden = true;
    if (ended === 'ACTIVE') {
      const paid = settled ?? await planPaid();
      if (paid) return done(paid);
      return show('waiting', planEnd?.mandate?.message ?? '');
    }
    next.hidden = true;
    next.replaceChildren();
    form.hidden = false;
  } catch {
    if (!signal.aborted) show('error', say.offline);
  } finally {
    slipBusy = false;
    payState();
  }
  if (ended === 'PENDING') methods.shadowRoot?.querySelector('input:checked')?.focus(); // another way chosen: the methods
  else if (ended) mandateEnded(ended, planEnd?.mandate?.message ?? '');
}

/** The bank refused the mandate, or it expired (or was revoked): beside Pay, with its next steps; Pay keeps the focus. */
function mandateEnded(status, message) {
  atPay.dataset.outcome = 'declined';
  atPay.dataset.mandate = status;
  const steps = Object.assign(document.createElement('div'), { className: 'next-steps' });
  if (status === 'REJECTED' || status === 'EXPIRED') steps.append(stepButton(say.askAgain, () => void payByMandate()));
  const byCard = methods.shadowRoot?.querySelector('input[value="card"]');
  if (byCard) steps.append(stepButton(say.payByCard, () => { byCard.click(); card.focus('number'); }));
  atPay.replaceChildren(Object.assign(document.createElement('p'), { textContent: message }), steps);
  atPay.scrollIntoView({ block: 'nearest' });
  pay.focus();
}

// Pay needs no card form while another method is chosen first (the plan's page: PIX Automático).
payState();

// A PIX or boleto still waiting when the page was reloaded: shown again (see keep); a receipt too.
const waiting = kept();
if (waiting?.outcome === 'pending') void payBySlip(undefined, waiting);
else if (waiting?.outcome === 'paid' || waiting?.outcome === 'authorized') done(waiting, true);
