// What a transaction records of its route (2.2 "acquirer data", and the
// routing trace: which routes were tried, skipped and by which rule, or failed).
import { Type } from 'typebox';

export const Acquirer = Type.Object({
  provider: Type.String({ description: 'the route id that carried the payment (provider_01 ... provider_16)' }),
  integrationId: Type.String(),
  name: Type.String(),
  tid: Type.String({ description: 'the provider\'s transaction id (also the transaction\'s tid)' }),
  nsu: Type.String({ description: 'the acquirer\'s sequential number (NSU)' }),
  authorizationCode: Type.Optional(Type.String({ description: 'the issuer\'s authorization code (approved payments only)' })),
  message: Type.String({ description: 'the provider\'s message' }),
}, { description: 'The acquirer that answered (card payments that reached one)' });

export const RoutingTrace = Type.Object({
  source: Type.Enum(['product', 'company'], { description: 'whose routes: the product\'s charge.routes, or the company\'s (when the product has none, or the payment names no product)' }),
  brand: Type.String(),
  modality: Type.Enum(['initial', 'recurring']),
  routes: Type.Array(Type.Object({
    id: Type.String(), integrationId: Type.String(), name: Type.String(), order: Type.Optional(Type.Integer()),
    outcome: Type.Enum(['approved', 'declined', 'pending', 'failed', 'skipped', 'not_tried'], { description: 'pending: the provider took the request and answers later (a delayed fault: the transaction PROCESSING)' }),
    rule: Type.Optional(Type.Enum(['inactive', 'brand', 'modality'], { description: 'why the route was skipped' })),
    reason: Type.Optional(Type.String()),
    elapsedMs: Type.Optional(Type.Integer({ minimum: 0 })),
  }), { description: 'every route, in the order they are tried' }),
}, { description: 'Why this route: every route of the payment and what happened to it (card payments)' });
