// Sandbox only: a subscription's forecast (billing/forecast.ts), what the test
// clock would do to it over the next days, computed in a dry run.
import { Type } from 'typebox';
import { forecastLimits, ForecastTooLong, forecastSubscription, MAX_FORECAST_DAYS } from '../billing/forecast.js';
import { busy } from '../base/errors.js';
import { SCRATCH_WAITING, ScratchBusy, ScratchEnded } from '../db/scratch.js';
import { rowRef } from '../base/clock-rows.js';
import { scopeOf } from '../db/list.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { Forecast } from '../schemas/forecast.js';
import { missingOrForeign } from '../store/not-yours.js';
import { findSubscriptionIn } from '../store/subscription-records.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

const ForecastQuery = Type.Object({
  subscriptionId: Type.String({ minLength: 1 }),
  days: Type.Integer({ minimum: 1, maximum: MAX_FORECAST_DAYS, description: `how many days ahead, 1 to ${MAX_FORECAST_DAYS} (400 naming days otherwise)` }),
  companyId: Type.Optional(Type.String({ minLength: 1 })),
});

export const subscriptionForecastRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.get('/sandbox/v1/subscription/forecast', {
    config: { auth: 'subscription.read' },
    schema: {
      tags: ['test clock'], summary: 'Sandbox only: what the test clock would do to a subscription over the next days (a dry run)', security: SECURITY,
      description: `The sandbox's (not in the reference; none of Stripe, Kill Bill or Lago offers one). Query: subscriptionId, days (1 to ${MAX_FORECAST_DAYS}), companyId optional (one or several, as GET /v1/subscription/full). Answers every move POST /sandbox/v1/clock/advance with the same days would make on the subscription, its charges, their transactions and alerts, in the order it would make them, each with the day it falls on and its row of the "Test clock" table: renewals (${rowRef('renewal')}: a new charge with its sequence, due date and amount in integer cents), card attempts and retries (${rowRef('cardAttempt', 'cardDeclined', 'cardRetry')}), expired PIX or boleto (${rowRef('slipExpired')}), overdue moves (${rowRef('overdue')}) and the end by the product's unsubscription rule (${rowRef('cardAttemptsSpent', 'overdueDaysSpent', 'overdueChargesLimit')}, or ${rowRef('productDeleted')}); then its charges and the subscription as they would stand at until. It is computed by running the clock itself (the same schedule rows, the same jumps over days with nothing due) on a copy of the subscription's rows in a scratch database on a thread of its own: nothing is written, no event is emitted, no webhook sent, the clock does not move, and other requests are answered meanwhile. Records the clock has yet to make are marked provisional: their ids are not the ones the clock will give them (a charge is named by its sequence). Per subscription, not per company. What a merchant does meanwhile (a payment, a cancel, a fault injected) is not foreseen. Unknown subscription: 404; another company's: 403. One forecast runs at a time per sandbox, ${SCRATCH_WAITING} waiting: another, or one not done ${forecastLimits.budgetMs / 1000} s after it was asked, is 503 service_busy with Retry-After, the message naming which (cost and limits: the Test clock section).`,
      querystring: ForecastQuery, response: { 200: Forecast, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const companies = scopeOf(request.credential!.companies, request.query.companyId);
    const subscription = await findSubscriptionIn(ctx.db, request.query.subscriptionId, companies);
    if (!subscription) throw await missingOrForeign(ctx.db, 'subscriptions', { id: request.query.subscriptionId }, `subscription ${request.query.subscriptionId}`, 'the credential\'s companies');
    try {
      return await forecastSubscription(ctx, subscription, request.query.days);
    } catch (error) {
      if (error instanceof ScratchBusy) throw busy(`${SCRATCH_WAITING + 1} forecasts are running or waiting in this sandbox: retry after the Retry-After seconds`, 5);
      if (error instanceof ForecastTooLong) throw busy(`the forecast ran past ${error.budgetMs / 1000} s (the sandbox's machine is busy) and was stopped: retry later, or ask fewer days`, 30);
      if (error instanceof ScratchEnded) throw busy('the forecast\'s scratch database stopped (the sandbox\'s machine may be short of memory): retry after the Retry-After seconds', 5);
      throw error;
    }
  });
};
