// The "Split and payables" section of the API description: the split rules,
// which split applies, how cents and fees are shared, payables' statuses. The
// fee table is rendered from domain/split/fee-table.ts, the rows the code charges.
import { FEE_TABLE, type FeeRow } from '../../domain/split/fee-table.js';
import { receivableCount } from '../../domain/split/installments.js';

const reais = (cents: number) => `R$ ${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)}%`;
const counts = ({ installments: { from, to } }: FeeRow) => (from === to ? `${from}x` : `${from}x to ${to}x`);
const price = (row: FeeRow) => [row.basisPoints ? percent(row.basisPoints) : '', row.fixedCents ? reais(row.fixedCents) : ''].filter(Boolean).join(' + ') || 'free';
const paidOut = (row: FeeRow) => (receivableCount(row.method, row.installments.to) > 1 ? `one payable per installment, installment k at D+${row.availableAfterDays}×k` : 'one payable');
const feeRows = FEE_TABLE.map((row) => `| ${row.method} | ${counts(row)} | ${price(row)} | D+${row.availableAfterDays} | ${paidOut(row)} |`).join('\n');

export const SPLIT_DOCS = `
## Split and payables

A split shares a paid transaction among recipient companies (4.3). It can be set on the transaction (\`split\` of POST /v1/transaction), on a product (\`split\` of POST /v1/product, a sandbox member) and on a company (\`split\` of PUT /sandbox/v1/company/settings). The same rules are checked in all three places.

**Rules of an active split** (\`active: true\`), each broken rule a 400 SchemaValidationException naming its field (all broken rules in one answer). The first and the percentage above 0 are in the Split schema itself (\`if\` active \`then\`); the others are listed as refused beyond the schema:

- at least one rule (\`split.rules\`);
- each recipient (\`split.rules[i].companyId\`) is a company the sandbox knows: one named by a sandbox credential (the seed's names company_demo; \`npm run sandbox -- credential --companies <id>\` makes one). Only such a company can sign in to read what it is owed;
- no recipient twice (the later rule's \`companyId\` is named);
- each \`percentage\` above 0, with at most 2 decimal places (\`split.rules[i].percentage\`);
- the percentages add up to exactly 100 (\`split.rules\`), summed in hundredths of a percent as integers: 33.33 + 33.33 + 33.34 is 100, 33.333 is refused.

The paying company need not be a recipient: every percent must be assigned, so a paying company that keeps a share names itself in a rule; a split of 100% to others leaves it nothing but the fees it may bear. An inactive split (\`active\` false or absent) is checked by its schema only and is never applied.

**Which split applies**, decided when the transaction becomes PAID (at capture for an AUTHORIZED one, as Stripe reads a payment's transfer data at capture): the transaction's active split; else, when the payment names a product (its product, or its charge's product), that product's active split; else the paying company's active split; else none, and the whole amount is the paying company's. The PAID transaction records it: \`split\` is the split applied (absent when none) and \`splitSource\` is \`transaction\`, \`product\`, \`company\` or \`none\`; before it is PAID, \`split\` is the split its request sent. A stored split that breaks the rules (set before they were checked) is passed over as if inactive.

**Payables.** When a transaction becomes PAID (POST /v1/transaction, its capture, POST /v1/subscription, POST /v1/charge/pay by card, a PIX or boleto settled, a renewal by the test clock) it makes one payable per recipient, in rule order (one for the paying company when no split applies), in integer cents; a credit card sale in n > 1 installments makes n per recipient (below):

- gross: \`floor(amount × percentage / 100)\` per recipient; the cents left go one each to the largest remainders, ties to the earlier rule (largest remainder), so every share is within a cent of its exact value and the gross amounts add up to the amount;
- the processing fee (\`processingFee\` on the transaction) is computed once on the whole amount from the table below: the percentage part rounded half up to the cent, plus the fixed part, never more than the amount;
- each recipient's share of the fee is \`fee × gross / amount\`, placed by the same largest-remainder rule. A rule with \`chargeRecipientProcessingFee: true\` bears its own share. The shares of the other recipients are borne by the rules with \`chargeProcessingFee: true\`, shared among them pro rata to their gross by the same rule; when no rule has it, by the paying company when it is a recipient (or when no split applies), else each recipient bears its own share;
- \`netAmount = grossAmount - fee\`, never negative: a fee above a recipient's gross is cut to its gross and the excess is borne by the recipients in rule order, each up to its gross. The fees add up to \`processingFee\`.
- **installments**: a credit card sale in n > 1 installments is paid out as Brazilian acquirers and PSPs pay it (Pagar.me, Stone, Cielo, Mercado Pago), one receivable per installment: each recipient's share above becomes n payables, \`installment\` 1 to n (1 on every other payable; \`installments\` is n on all). Its gross and its fee are each cut in n equal parts floored, the cents left on installment 1 (as Pagar.me puts the remainder on the first installment); when installment 1's fee part is then above its gross part, the excess moves to installments 2, 3, ... in order, each up to its gross part; each part's \`netAmount = grossAmount - fee\`, never negative. The parts add up exactly to the share's gross, fee and net. Installment k is available at the method's D+d times k (credit card: D+30, D+60, D+90, ...): R$ 100.00 in 3x, no split, is gross 3334, 3333 and 3333 cents at D+30, D+60 and D+90.

Processing fees (sandbox table; the rows the code charges):

| method | installments | fee | funds available | paid out as |
|---|---|---|---|---|
${feeRows}

A payable is \`WAITING_FUNDS\` until \`availableOn\` (the paying day on the paying company's clock plus D+n, times k for installment k of a sale in installments; D+0 is \`PAID\` at once), then \`PAID\` when the paying company's test clock runs that day (POST /sandbox/v1/clock/advance, which does not list it among its moves; real time passing alone does not move it). Cancelling a PAID (or ERROR_REFUNDED) transaction (PUT /v1/transaction/cancel, a refund) makes each of its payables \`REVERSED\` (\`reversedAt\`), whether its funds were available or not, as Stripe reverses a destination charge's transfer; the fee is not modelled further (a reversed payable is not paid, or is taken back whole). Cancelling an AUTHORIZED transaction finds none.

Reads: \`payables\` on GET /v1/transaction/full (every recipient's, for the paying company, by rule order then installment), and GET /sandbox/v1/payables for a recipient (its \`companyId\`; permission transaction.read), filtered by \`transactionId\` and \`status\`, paginated like the other lists; a transaction's payables, made at one instant, list in the same order (newest first, the default: the reverse).
`.trim();
