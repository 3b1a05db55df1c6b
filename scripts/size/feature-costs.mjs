// What each optional feature costs in each script-tag budget (issue 12: "say what they cost in
// the budgets"), measured on every run rather than once: the script is built again, in memory,
// with the feature's element modules replaced by inert stand-ins (scripts/size/*.ts), and the
// two min+gzip sizes compared. Used by check-package.mjs.
import { constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { elementStandIns } from './element-stand-ins.mjs';

/** Each feature: its stand-in file and the element modules (as imported) it replaces. */
export const FEATURES = [
  { name: 'the brand marks (issue 12)', standIn: 'scripts/size/without-marks.ts', modules: ['icons'] },
  {
    name: 'installments and CPF/CNPJ (issue 11)',
    standIn: 'scripts/size/without-checkout-extras.ts',
    modules: ['installments-field', 'holder-document-field', 'tax-id-format', 'i18n-checkout'],
  },
];

export const gzipSize = (code) => gzipSync(code, { level: constants.Z_BEST_COMPRESSION }).length;

const standingIn = (features) => elementStandIns('feature-stand-ins', (module) => features.find((f) => f.modules.includes(module))?.standIn);

/** The min+gzip size of a script-tag build (a vite.config.ts mode) without `features`. */
export async function sizeWithout(mode, features) {
  const output = await build({ mode, logLevel: 'silent', build: { write: false }, plugins: [standingIn(features)] });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`${mode}: expected one script, built ${chunks.length}`);
  return gzipSize(chunks[0].code);
}
