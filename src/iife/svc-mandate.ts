// Script-tag entry (dist/svc-mandate.js): adds mandateView (the PIX Automático authorisation panel,
// issue 40) to the global `svc`, keeping what other scripts put there. handleNextAction shows a
// mandate answer with it; a page that sells no plan by PIX Automático never loads it, and
// svc-next-action.js stays small.
import { showMandate } from '../next-action/mandate.js';

globalThis.svc = Object.assign(globalThis.svc || {}, { mandateView: showMandate });
