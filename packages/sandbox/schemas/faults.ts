// Sandbox only: faults injected into a company's simulated providers (domain/payments/faults.ts).
import { Type } from 'typebox';
import { CompanyId, Timestamp } from './common.js';
import { ROUTE_IDS } from './product.js';
import { onlyWith } from './rules.js';
import { rowRef } from '../base/clock-rows.js';

/** What an injected fault does to its provider (domain/payments/faults.ts plays each). */
export const FAULT_KINDS = ['unavailable', 'timeout', 'slow', 'refund_refused', 'delayed'] as const;

/** A slow provider waits at most this long per attempt (the sandbox holds the payment meanwhile). */
export const MAX_FAULT_DELAY_MS = 10_000;

export const Fault = Type.Object({
  _id: Type.String(),
  companyId: Type.String(),
  providerId: Type.Enum(ROUTE_IDS),
  kind: Type.Enum([...FAULT_KINDS]),
  delayMs: Type.Optional(Type.Integer({ minimum: 0 })),
  startsAt: Timestamp,
  endsAt: Timestamp,
  createdAt: Timestamp,
});

export const CreateFaultBody = Type.Object({
  companyId: CompanyId,
  providerId: Type.Enum(ROUTE_IDS, { description: 'the provider (route id) that fails' }),
  kind: Type.Enum([...FAULT_KINDS], { description: `unavailable: refuses at once; timeout: gives no answer (the core gives up after 5,000 ms, at once in the sandbox); slow: answers after delayMs; refund_refused: authorizes as usual but refuses the refund of a NETWORK_B (RDR) alert raised by POST /sandbox/v1/alerts/raise (the alert and the transaction ERROR_REFUNDED; other refunds are not affected); delayed: takes the authorization and answers later: the transaction is PROCESSING until the test clock passes its processing.settlesAt (10 minutes on), then PAID (AUTHORIZED with capture false) or DECLINED as the card's issuer answers (see State machines, clock ${rowRef('processingSettled')})` }),
  delayMs: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_FAULT_DELAY_MS, description: 'slow only (required there): milliseconds before the provider answers; above 5,000 it times out' })),
  seconds: Type.Integer({ minimum: 1, maximum: 315_360_000, description: 'how long the fault lasts on the company\'s test clock' }),
  startsInSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 315_360_000, default: 0, description: 'when it begins, from the company\'s now' })),
}, { allOf: onlyWith('delayMs', 'kind', 'slow', FAULT_KINDS.filter((k) => k !== 'slow'), 'delayMs is for kind slow only') });

export const FaultListQuery = Type.Object({ companyId: CompanyId });
export const ClearFaultsQuery = Type.Object({ companyId: CompanyId, faultId: Type.Optional(Type.String({ minLength: 1, description: 'one fault; all of the company\'s when absent' })) });
