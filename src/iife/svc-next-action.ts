// Script-tag entry (dist/svc-next-action.js): adds handleNextAction to the global `svc`,
// keeping what other scripts put there. Loaded apart from svc-card-form.js (its size is spent).
import { handleNextAction } from '../next-action/index.js';

globalThis.svc = Object.assign(globalThis.svc || {}, { handleNextAction });
