// Script-tag entry (dist/svc-boleto-barcode.js): adds boletoBarcode (the ITF barcode as SVG) to the
// global `svc`, keeping what other scripts put there. handleNextAction draws a boleto's barcode with
// it when the page loaded it (or passes it as the `barcode` option); svc-next-action.js stays small.
import { itfSvg } from '../next-action/itf.js';

globalThis.svc = Object.assign(globalThis.svc || {}, { boletoBarcode: itfSvg });
