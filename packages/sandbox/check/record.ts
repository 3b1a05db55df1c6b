// What one scenario left behind, on the page and in the sandbox's ledger: the input of the
// invariants (invariants.ts), kept plain so a unit test can make one.
import type { Scenario, Step } from './scenarios.js';

/** What the page showed after the shopper acted: a next action (3-D Secure, PIX, boleto), an error, a message, or nothing. */
export type PageAnswer =
  | { kind: 'next-action'; what: 'challenge' | 'slip' }
  | { kind: 'error' | 'message'; text: string }
  | { kind: 'nothing'; text?: string }
  /** The shopper could not act: the page had no such method, field or button (why says which). */
  | { kind: 'stuck'; why: string };

/** A payment (a transaction) made during the scenario, as its last event left it. */
export interface Payment {
  id: string; status: string; paymentMethod: string; chargeId?: string; step: number;
  /** Every status its events showed, in order (IN_ANALYSIS, then PAID once the review approved it); absent: only `status`. */
  statuses?: string[];
}

/** A charge made or moved during the scenario. */
export interface ChargeSeen { id: string; status: string; slipMethod?: string }

export interface StepRecord {
  step: Step;
  /** The page's answers, in order: after Pay, then after the challenge when one was shown. */
  answers: PageAnswer[];
  /** The challenge page (nextAction.url) was loaded in the browser. */
  challengeOpened: boolean;
}

export interface DeliverySeen { eventId: string; eventType: string; status: 'pending' | 'succeeded' | 'failed'; lastAnswer?: string }

/** An event of the sandbox as the check reads it (GET /sandbox/v1/events): `seq` orders them. */
export interface LedgerEvent { id: string; seq: number; type: string; data: { transaction?: Record<string, unknown>; charge?: Record<string, unknown> } }

export interface DropSeen { path: string; idempotencyKey: string | null; retried: boolean }

export interface ScenarioRecord {
  scenario: Scenario;
  steps: StepRecord[];
  payments: Payment[];
  charges: ChargeSeen[];
  /** The company's live webhooks when the scenario ended. */
  webhooks: number;
  deliveries: DeliverySeen[];
  drops: DropSeen[];
  /** The bank's settle of a PIX or boleto issued for the order: the answer's status. */
  settles: { chargeId: string; status: number }[];
}
