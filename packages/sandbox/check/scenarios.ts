// The scenarios `svc-sandbox check` plays against a checkout, as data: one order each, played
// one after another in a fresh browser context (a new shopper, a new order). A step is what the
// shopper does on the page or what the bank, the network or the sandbox does meanwhile.
// The cards are test-cards.json's (payment/test-cards.ts reads the same file).

/** The test cards the check types (numbers from payment/test-cards.json). */
export const CHECK_CARDS = {
  approved: '4111111111111111',
  declined: '4000000000000002',
  challenge: '4000000000003220',
  /** Approved by the issuer, then held for fraud review (IN_ANALYSIS). */
  review: '4000000000004954',
} as const;
export type CheckCard = keyof typeof CHECK_CARDS;

export type Step =
  /** Choose the card, type it, press Pay (`twice`: two quick presses); `challenge`: what the shopper does in 3-D Secure. */
  | { do: 'pay-card'; card: CheckCard; twice?: boolean; challenge?: 'complete' | 'fail' | 'cancel' }
  /** Choose PIX or boleto and press Pay: the page should show the code. */
  | { do: 'pay-slip'; method: 'pix' | 'boleto' }
  /** The bank settles every PIX or boleto issued for the order (POST /sandbox/v1/charges/settle). */
  | { do: 'bank-settles' }
  /** The order's PIX expires unpaid (POST /sandbox/v1/charges/expire). */
  | { do: 'slip-expires' }
  /** The next answer to a payment call is written, then the connection drops (POST /sandbox/v1/faults/drops). */
  | { do: 'drop-next-answer' }
  /** The fraud review approves every payment of the order it holds (POST /sandbox/v1/transactions/review decision approve). */
  | { do: 'review-approves' }
  /** Every event of the order is delivered again: each twice, and in reverse order (POST /sandbox/v1/webhooks/redeliver). */
  | { do: 'redeliver-twice-reversed' };

export interface Scenario {
  id: string;
  title: string;
  steps: Step[];
  /** How many payments the order should end with (at most one, always). */
  paid: 0 | 1;
}

/** The methods other than the card a scenario pays or issues with: a page that offers none of them skips it. */
export const slipMethodsOf = (scenario: Scenario): ('pix' | 'boleto')[] =>
  [...new Set(scenario.steps.flatMap((step) => (step.do === 'pay-slip' ? [step.method] : [])))];

export const SCENARIOS: readonly Scenario[] = [
  { id: 'paid', title: 'a card paid', paid: 1, steps: [{ do: 'pay-card', card: 'approved' }] },
  { id: 'declined-then-paid', title: 'a card declined, then another paid', paid: 1, steps: [{ do: 'pay-card', card: 'declined' }, { do: 'pay-card', card: 'approved' }] },
  { id: '3ds-passed', title: '3-D Secure passed', paid: 1, steps: [{ do: 'pay-card', card: 'challenge', challenge: 'complete' }] },
  { id: '3ds-failed', title: '3-D Secure failed, then another card paid', paid: 1, steps: [{ do: 'pay-card', card: 'challenge', challenge: 'fail' }, { do: 'pay-card', card: 'approved' }] },
  { id: '3ds-abandoned', title: '3-D Secure abandoned, then another card paid', paid: 1, steps: [{ do: 'pay-card', card: 'challenge', challenge: 'cancel' }, { do: 'pay-card', card: 'approved' }] },
  { id: 'in-analysis', title: 'a card held for fraud review (IN_ANALYSIS), then approved', paid: 1, steps: [{ do: 'pay-card', card: 'review' }, { do: 'review-approves' }] },
  { id: 'pix-then-card', title: 'PIX issued, then a card paid (the bank then tries the PIX)', paid: 1, steps: [{ do: 'pay-slip', method: 'pix' }, { do: 'pay-card', card: 'approved' }, { do: 'bank-settles' }] },
  { id: 'pix-expired', title: 'PIX issued and expired unpaid', paid: 0, steps: [{ do: 'pay-slip', method: 'pix' }, { do: 'slip-expires' }] },
  { id: 'boleto', title: 'boleto issued and paid at the bank', paid: 1, steps: [{ do: 'pay-slip', method: 'boleto' }, { do: 'bank-settles' }] },
  { id: 'pay-twice', title: 'Pay pressed twice', paid: 1, steps: [{ do: 'pay-card', card: 'approved', twice: true }] },
  { id: 'network-drop', title: 'the network dropped after the sandbox answered', paid: 1, steps: [{ do: 'drop-next-answer' }, { do: 'pay-card', card: 'approved' }] },
  { id: 'webhooks-twice-reordered', title: 'webhooks delivered twice and out of order', paid: 1, steps: [{ do: 'pay-card', card: 'approved' }, { do: 'redeliver-twice-reversed' }] },
];
