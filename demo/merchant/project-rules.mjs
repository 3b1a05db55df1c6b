// The project's own rules the store reuses rather than copies: installment plans and
// their labels (src/shared/installments.ts, what the element shows) and rates (src/shared/plan-rates.ts,
// svc-card/server's plansWithRates), CPF/CNPJ check
// digits (src/internal/tax-id.ts, what the sandbox checks) and brands
// (src/shared/brands.ts). TypeScript, loaded through tsx as start-demo.mjs loads the sandbox.
import { tsImport } from 'tsx/esm/api';

const load = (path) => tsImport(path, import.meta.url);

export const { formatBrl, installmentLabel, resolveInstallments, toCents } = await load('../../src/shared/installments.ts');
export const { plansWithRates } = await load('../../src/shared/plan-rates.ts');
export const { taxIdKind } = await load('../../src/internal/tax-id.ts');
export const { BRANDS } = await load('../../src/shared/brands.ts');
