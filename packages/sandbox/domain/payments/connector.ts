// The boundary between the payment core and an acquirer (Hyperswitch's
// connector trait): authorize, capture, refund, and what a transaction
// records of the provider's answer. The sandbox's acquirers are simulated
// (simulated-acquirer.ts); a real one would implement the same interface.
import type { PaymentProfile } from 'svc-card/server';
import type { Refusal } from '../../payment/test-cards.js';
import type { ProviderFault } from './faults.js';

export type ProviderId = `provider_${string}`;

/** What a transaction keeps of the acquirer that answered (2.2 "acquirer data"). */
export interface AcquirerRecord {
  provider: string;
  integrationId: string;
  name: string;
  /** The provider's own transaction id (the transaction's `tid`). */
  tid: string;
  nsu: string;
  authorizationCode?: string;
  message: string;
}

export interface AuthorizeRequest {
  companyId: string;
  cents: number;
  installments: number;
  card: PaymentProfile;
  /** The company's clock: the issuer judges the card's expiry at this time. */
  at: Date;
  integrationId: string;
  name: string;
  /** A fault injected for this company and provider at `at` (faults.ts), if any. */
  fault?: ProviderFault;
}

/**
 * The provider's answer. `approved` and `declined` come from the issuer (hard:
 * a decline is final, no other route is tried); `failed` is the provider itself
 * (unavailable, timed out: soft, the next route is tried).
 */
export type AuthorizeAnswer =
  | { outcome: 'approved' | 'declined'; acquirer: AcquirerRecord; /** the antifraud holds an approved payment for review (IN_ANALYSIS) */ review?: boolean;
      /** declined: the provider's own refusal (a processing error, card data refused), not the issuer's decline */ refusal?: Refusal }
  /** The provider accepted the request and answers later (a `delayed` fault): PROCESSING until the test clock settles it. */
  | { outcome: 'pending'; acquirer: AcquirerRecord }
  | { outcome: 'failed'; reason: 'unavailable' | 'timeout'; message: string };

export interface Connector {
  readonly id: ProviderId;
  authorize(request: AuthorizeRequest): Promise<AuthorizeAnswer>;
  /** Captures an authorization it gave; answers the provider's message. */
  capture(acquirer: AcquirerRecord, cents: number): Promise<{ message: string }>;
  /** Refunds (or voids) a payment it made; answers the provider's message. */
  refund(acquirer: AcquirerRecord, cents: number): Promise<{ message: string }>;
}
