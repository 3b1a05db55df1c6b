// The test clock (sandbox only, not in the reference): read a company's time,
// move it forward and see what billing did (the schedule's rows, billing/schedule.ts).
import { Type } from 'typebox';
import { runBilling } from '../billing/engine.js';
import { rowRef } from '../base/clock-rows.js';
import { runCompanyPhase } from '../billing/schedule.js';
import { dayOf } from '../base/dates.js';
import { oneAtATime } from '../billing/one-at-a-time.js';
import { withClaim } from '../db/claims.js';
import { fieldError, invalid } from '../base/errors.js';
import { CompanyId, ERROR_RESPONSES, MAX_DAYS } from '../schemas/common.js';
import { oneRequired } from '../schemas/rules.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

/** The most one move may take the clock forward, days and seconds together. */
export const MAX_ADVANCE_DAYS = 3650;

const Clock = Type.Object({ companyId: Type.String(), now: Type.String({ format: 'date-time' }) });
const Moves = Type.Array(Type.Object({ row: Type.Integer(), resource: Type.Enum(['charge', 'subscription', 'transaction', 'alert', 'mandate']), id: Type.String(), to: Type.String() }));

export const clockRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.get('/sandbox/v1/clock', {
    config: { auth: 'subscription.read' },
    schema: { tags: ['test clock'], summary: 'The company\'s sandbox time', security: SECURITY, querystring: Type.Object({ companyId: CompanyId }), response: { 200: Clock, ...ERROR_RESPONSES } },
  }, async (request) => ({ companyId: request.query.companyId, now: (await ctx.clocks.refresh(ctx.db, request.query.companyId)).toISOString() }));

  app.post('/sandbox/v1/clock/advance', {
    config: { auth: 'subscription.write' },
    schema: {
      tags: ['test clock'], summary: 'Move the company\'s time forward and run billing day by day', security: SECURITY,
      description: `days and seconds add up (at least one second, at most ${MAX_ADVANCE_DAYS.toLocaleString('en')} days together: 400 past it). Each day with something due is billed in its own short transaction (days with nothing due are passed over), the clock moved to it there, so other companies are answered meanwhile; two moves of one company run one after the other. Answers the new time and every move, with its row of the state table; then 3-D Secure challenges past their time end (${rowRef('challengeExpired')}, see 3-D Secure) and PROCESSING payments past their settlesAt are answered (${rowRef('processingSettled')}).`,
      body: Type.Object({ companyId: CompanyId, days: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_DAYS })), seconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 315_360_000 })) }, oneRequired('days', 'seconds')),
      response: { 200: Type.Object({ ...Clock.properties, moves: Moves }), ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { companyId, days = 0, seconds = 0 } = request.body;
    const ms = (days * 86_400 + seconds) * 1000;
    if (ms > MAX_ADVANCE_DAYS * 86_400_000)
      throw invalid(fieldError(seconds > 0 ? 'seconds' : 'days', `days and seconds together must move the clock at most ${MAX_ADVANCE_DAYS.toLocaleString('en')} days (${MAX_ADVANCE_DAYS * 86_400} seconds)`));
    // One move of a company at a time: in this process (oneAtATime), and across processes on one PostgreSQL (a claim, db/claims.ts),
    // the clock read again under it, since another process may have moved it.
    return oneAtATime(companyId, () => withClaim(ctx.db.claims, 'clock', companyId, async () => {
      await ctx.clocks.refresh(ctx.db, companyId);
      const before = ctx.now(companyId);
      // The clock reaches each day in that day's transaction (never ahead of what is billed), then the rest of the move.
      let moved = 0;
      const moves = await runBilling(ctx, ctx.db, companyId, before, new Date(before.getTime() + ms), async (tx, at) => {
        const step = Math.max(0, at.getTime() - ctx.now(companyId).getTime());
        await ctx.clocks.advance(tx, companyId, step);
        moved += step;
      });
      const after = await ctx.clocks.advance(ctx.db, companyId, Math.max(0, ms - moved));
      // The schedule's after-the-move rows, at the new time.
      const expired = await ctx.db.transaction((tx) => runCompanyPhase('after the move', { ctx, db: tx, companyId, day: dayOf(after), at: after }));
      return { companyId, now: after.toISOString(), moves: [...moves, ...expired] };
    }));
  });
};
