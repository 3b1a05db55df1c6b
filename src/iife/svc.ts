// Script-tag entry (dist/svc.js): defines only the global `svc`, merging into one that
// exists so that other scripts' members survive (issue 2 "What users get").
import { encryptCard } from '../core/index.js';

/** What `dist/svc.js` puts on the global `svc`; members that were already there are kept. */
export interface SvcGlobal {
  /** See {@link encryptCard}. */
  encryptCard: typeof encryptCard;
}

declare global {
  /**
   * The script-tag API. Types: `/// <reference types="svc-card/svc.js" />`.
   *
   * @example
   * <script src="svc.js"></script>
   * <script type="module">const result = await svc.encryptCard({ publicKey, holder, number, expMonth, expYear, securityCode });</script>
   */
  var svc: SvcGlobal;
}

globalThis.svc = Object.assign(globalThis.svc || {}, { encryptCard });
