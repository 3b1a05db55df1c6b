// Sandbox only: a subscription's forecast (GET /sandbox/v1/subscription/forecast, billing/forecast.ts).
import { Type } from 'typebox';
import { CHARGE_STATUSES } from './charge.js';
import { CLOCK_ROWS } from '../base/clock-rows.js';
import { SUBSCRIPTION_STATUSES } from './subscription.js';

const EXT = 'the sandbox\'s (not in the reference): ';
const RowName = Type.Enum(Object.keys(CLOCK_ROWS), { description: `${EXT}the row's name in the "Test clock" table` });
const Provisional = Type.Boolean({ description: `${EXT}the clock has yet to make this record: its id here is not the one it will have` });

export const ForecastMove = Type.Object({
  on: Type.String({ format: 'date', description: `${EXT}the day the clock makes the move (at its first instant; an after-the-move row's on until's day)` }),
  row: Type.Integer({ description: `${EXT}its row of the "Test clock" table, as a clock move's` }),
  name: RowName,
  resource: Type.Enum(['charge', 'subscription', 'transaction', 'alert', 'mandate']),
  id: Type.String(),
  to: Type.String({ description: `${EXT}the record's status after the move` }),
  provisional: Provisional,
  sequence: Type.Optional(Type.Integer({ description: `${EXT}a charge's sequence within its subscription` })),
  dueDate: Type.Optional(Type.String({ format: 'date', description: `${EXT}a charge's due date` })),
  amount: Type.Optional(Type.Integer({ description: `${EXT}a charge's amount, integer cents (BRL)` })),
}, { description: `${EXT}one move the clock would make` });

export const ForecastCharge = Type.Object({
  _id: Type.String(),
  provisional: Provisional,
  sequence: Type.Optional(Type.Integer()),
  dueDate: Type.Optional(Type.String({ format: 'date' })),
  amount: Type.Integer({ description: `${EXT}integer cents (BRL)` }),
  status: Type.Enum([...CHARGE_STATUSES]),
  attempts: Type.Integer({ description: `${EXT}failed payment attempts by then` }),
}, { description: `${EXT}a charge as it would stand at until` });

export const Forecast = Type.Object({
  subscriptionId: Type.String(),
  companyId: Type.String(),
  from: Type.String({ format: 'date-time', description: `${EXT}the company's clock now` }),
  until: Type.String({ format: 'date-time', description: `${EXT}from + days` }),
  days: Type.Integer(),
  moves: Type.Array(ForecastMove, { description: `${EXT}every move on the subscription and its records, in the clock's order` }),
  charges: Type.Array(ForecastCharge, { description: `${EXT}the charges the forecast opens or moves, by sequence` }),
  subscription: Type.Object({
    status: Type.Enum([...SUBSCRIPTION_STATUSES]),
    active: Type.Boolean(),
    nextChargeDate: Type.Optional(Type.String({ format: 'date' })),
  }, { description: `${EXT}the subscription as it would stand at until` }),
}, { description: 'the sandbox\'s (not in the reference): a subscription\'s forecast' });
