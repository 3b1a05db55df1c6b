// The 3-D Secure challenge page the sandbox serves (routes/three-ds.ts), in
// pt-BR (default) and en: no inline script or style (the CSP below), two
// buttons in a form, and a script file that tells the embedding page the
// outcome (postMessage: only the status, no reference) and sends Escape as "cancel".

export type PageLang = 'pt-BR' | 'en';

/** The challenge's strict CSP: own files only, a form posting to itself, framed by any merchant page. */
export const CHALLENGE_CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self'", "form-action 'self'",
  "base-uri 'none'", 'frame-ancestors *', "require-trusted-types-for 'script'", "trusted-types 'none'",
].join('; ');

const TEXTS = {
  'pt-BR': {
    title: 'Autenticação 3-D Secure', bank: 'Banco emissor simulado (sandbox)',
    ask: (amount: string, last4: string) => `Confirme a compra de ${amount} no cartão final ${last4}.`,
    until: (time: string) => `O pedido expira às ${time} (UTC, relógio do sandbox).`,
    complete: 'Autenticar compra', fail: 'Não autenticar',
    ended: { PAID: 'Compra autenticada.', AUTHORIZED: 'Compra autenticada.', DECLINED: 'Autenticação não concluída: pagamento recusado.' },
    expired: 'O prazo da autenticação terminou: pagamento recusado.', back: 'Você pode fechar esta janela.',
  },
  en: {
    title: '3-D Secure authentication', bank: 'Simulated card issuer (sandbox)',
    ask: (amount: string, last4: string) => `Confirm the purchase of ${amount} with the card ending ${last4}.`,
    until: (time: string) => `The request expires at ${time} (UTC, sandbox clock).`,
    complete: 'Authenticate purchase', fail: 'Do not authenticate',
    ended: { PAID: 'Purchase authenticated.', AUTHORIZED: 'Purchase authenticated.', DECLINED: 'Authentication not completed: payment declined.' },
    expired: 'The authentication timed out: payment declined.', back: 'You can close this window.',
  },
} as const;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);

const page = (lang: PageLang, body: string, status = '') => `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TEXTS[lang].title}</title><link rel="stylesheet" href="/sandbox/3ds/challenge.css">
<script src="/sandbox/3ds/challenge.js" defer></script></head>
<body data-status="${status}"><main>
<p class="bank">${TEXTS[lang].bank}</p>
<h1>${TEXTS[lang].title}</h1>
${body}
</main></body></html>
`;

export function challengePage(lang: PageLang, { action, cents, last4, expiresAt }: { action: string; lang: PageLang; cents: number; last4: string; expiresAt: string }): string {
  const say = TEXTS[lang];
  return page(lang, `<p>${escape(say.ask(brl(cents), last4))}</p>
<p class="until">${escape(say.until(expiresAt.slice(11, 16)))}</p>
<div class="actions">
<form method="post" action="${escape(`${action}/complete?lang=${lang}`)}"><button type="submit">${say.complete}</button></form>
<form method="post" action="${escape(`${action}/fail?lang=${lang}`)}"><button type="submit" class="secondary">${say.fail}</button></form>
</div>`);
}

/** The page once the challenge ended: the outcome in words, and in data-status for the script to tell the embedding page. */
export function endedPage(lang: PageLang, status: 'PAID' | 'AUTHORIZED' | 'DECLINED', expired: boolean): string {
  const say = TEXTS[lang];
  return page(lang, `<p role="status">${expired ? say.expired : say.ended[status]}</p><p>${say.back}</p>`, status);
}

export const CHALLENGE_SCRIPT = `// The embedding page (the svc-card element's modal) learns the outcome; Escape asks it to close.
(() => {
  const tell = (status) => { if (window.parent !== window) window.parent.postMessage({ type: 'svc-3ds', status }, '*'); };
  const status = document.body.dataset.status;
  if (status) tell(status);
  document.addEventListener('keydown', (event) => { if (event.key === 'Escape') tell('CANCELED'); });
})();
`;

export const CHALLENGE_STYLE = `:root { color-scheme: light dark; font: 16px/1.5 system-ui, sans-serif; }
body { margin: 0; padding: 1.25rem; background: Canvas; color: CanvasText; }
main { max-width: 28rem; margin: 0 auto; }
h1 { font-size: 1.25rem; margin: 0 0 .75rem; }
.bank { font-size: .875rem; margin: 0 0 .25rem; }
/* One primary action (issue 39: the three buttons read alike): "Autenticar compra" full width and filled;
   "Não autenticar" below it, a quiet outline; the embedding page's "Cancelar" sits apart, outside this frame. */
.actions { display: grid; gap: .75rem; margin-top: 1rem; }
form { margin: 0; }
button { font: inherit; width: 100%; min-height: 44px; padding: .625rem 1rem; border-radius: .375rem; border: 2px solid #0b5cad; background: #0b5cad; color: #fff; font-weight: 600; cursor: pointer; }
button.secondary { background: transparent; color: CanvasText; border: 1px solid GrayText; font-weight: 400; }
button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
`;
