// Which scenario of `svc-sandbox check` an event belongs to when several play at once
// (packages/sandbox/check/attribution.ts), and when each may play (check/schedule.ts). Open-ended
// inputs (interleavings of scenarios' events, durations of plays) by fast-check.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventsOf, holderOf, owners, type Share } from '../../packages/sandbox/check/attribution.js';
import type { LedgerEvent } from '../../packages/sandbox/check/record.js';
import { schedule, slotOf, type Slot } from '../../packages/sandbox/check/schedule.js';
import { SCENARIOS } from '../../packages/sandbox/check/scenarios.js';

const card = (holderName: string) => ({ bin: '411111', last4: '1111', brand: 'visa', expiration: '12/2039', holderName });
const tx = (id: string, seq: number, t: Record<string, unknown>): LedgerEvent => ({ id, seq, type: 'transaction.created', data: { transaction: t } });
const charge = (id: string, seq: number, c: Record<string, unknown>): LedgerEvent => ({ id, seq, type: 'charge.created', data: { charge: c } });

describe('check attribution', () => {
  it('gives each scenario its holder name, unique in a run and across runs', () => {
    const names = SCENARIOS.map((_, i) => holderOf(1234, i));
    expect(new Set(names).size).toBe(SCENARIOS.length);
    expect(names.every((n) => /^[A-Z ]+$/.test(n))).toBe(true);
    expect(holderOf(1, 0)).not.toBe(holderOf(2, 0));
  });

  it('a card payment is its holder\'s, its charge and the PIX on that charge too; a PIX on a charge no card touched is the leftovers\' claimer\'s', () => {
    const shares: Share[] = [
      { id: 'card', holder: 'CHECK AAAA AA', start: 0, claimsLeftovers: false },
      { id: 'pix', holder: 'CHECK AAAA AB', start: 1, claimsLeftovers: true },
    ];
    const events = [
      charge('e1', 2, { _id: 'ch1' }), // the card scenario's order's charge, before its payment
      charge('e2', 3, { _id: 'ch2', slip: { paymentMethod: 'PIX' } }), // a PIX of its own charge (the naive shop)
      tx('e3', 4, { _id: 't1', chargeId: 'ch1', card: card(' check  aaaa aa ') }), // a form may change case and spaces
      tx('e4', 5, { _id: 't2', chargeId: 'ch3', paymentMethod: 'PIX' }), // PIX on the charge the pix scenario's card pays next
      tx('e5', 6, { _id: 't3', chargeId: 'ch3', card: card('CHECK AAAA AB') }),
      { id: 'e6', seq: 7, type: 'client.updated', data: {} },
    ];
    const found = owners(events, shares);
    expect(Object.fromEntries(found)).toEqual({ e1: ['card'], e2: ['pix'], e3: ['card'], e4: ['pix'], e5: ['pix'], e6: ['pix'] });
    expect(eventsOf('card', events, shares).map((e) => e.id)).toEqual(['e1', 'e3']);
  });

  it('a leftover outside any claimer\'s window is every scenario\'s whose window holds it (no delivery goes unjudged)', () => {
    const shares: Share[] = [
      { id: 'a', holder: 'A', start: 0, end: 10, claimsLeftovers: false },
      { id: 'b', holder: 'B', start: 5, claimsLeftovers: false },
      { id: 'x', start: 20, end: 30, claimsLeftovers: true },
    ];
    const found = owners([charge('e1', 3, { _id: 'c1' }), charge('e2', 7, { _id: 'c2' }), charge('e3', 25, { _id: 'c3' }), charge('e4', 31, { _id: 'c4' })], shares);
    expect(Object.fromEntries(found)).toEqual({ e1: ['a'], e2: ['a', 'b'], e3: ['x'], e4: ['b'] });
  });

  it('any interleaving of card scenarios\' payments (each on its own charge) gives every one exactly its own', () => {
    const plays = fc.array(fc.record({ scenario: fc.nat(5), status: fc.constantFrom('PAID', 'DECLINED', 'PENDING_3DS') }), { maxLength: 40 });
    fc.assert(fc.property(plays, fc.nat(26 ** 4 - 1), (made, run) => {
      const shares: Share[] = Array.from({ length: 6 }, (_, i) => ({ id: String(i), holder: holderOf(run, i), start: 0, claimsLeftovers: false }));
      const events = made.flatMap(({ scenario, status }, i) => [
        charge(`c${i}`, 2 * i + 1, { _id: `ch${i}-${scenario}` }),
        tx(`t${i}`, 2 * i + 2, { _id: `tx${i}`, status, chargeId: `ch${i}-${scenario}`, card: card(holderOf(run, scenario)) }),
      ]);
      for (const share of shares) {
        const mine = eventsOf(share.id, events, shares);
        expect(mine.map((e) => e.id).sort()).toEqual(made.flatMap((m, i) => (String(m.scenario) === share.id ? [`c${i}`, `t${i}`] : [])).sort());
      }
    }));
  });
});

describe('check schedule', () => {
  it('plays the dropped answer alone, PIX and boleto one at a time, the card ones beside', () => {
    expect(Object.fromEntries(SCENARIOS.map((s) => [s.id, slotOf(s)]))).toMatchObject({ 'network-drop': 'alone', 'pix-then-card': 'leftovers', 'pix-expired': 'leftovers', boleto: 'leftovers', paid: 'together', 'in-analysis': 'together', 'webhooks-twice-reordered': 'together' });
  });

  it('for any plays and judgements, holds the limits and runs each once', async () => {
    const item = fc.record({ slot: fc.constantFrom<Slot>('together', 'together', 'leftovers', 'alone'), play: fc.nat(5), judge: fc.nat(5) });
    await fc.assert(fc.asyncProperty(fc.array(item, { maxLength: 12 }), fc.integer({ min: 1, max: 5 }), async (items, concurrency) => {
      const playing = new Set<number>();
      const unfinished = new Set<number>();
      const ran: number[] = [];
      const tick = (n: number) => new Promise((r) => setTimeout(r, n));
      await schedule(items.map((it, i) => ({ ...it, i })), (it) => it.slot, concurrency, async ({ slot, play, judge, i }, played) => {
        const others = [...unfinished].map((j) => items[j]!.slot);
        if (slot === 'alone') expect(unfinished.size).toBe(0);
        expect(others).not.toContain('alone');
        if (slot === 'leftovers') expect([...playing].map((j) => items[j]!.slot)).not.toContain('leftovers');
        playing.add(i); unfinished.add(i); ran.push(i);
        expect(playing.size).toBeLessThanOrEqual(concurrency);
        await tick(play);
        playing.delete(i);
        played();
        await tick(judge);
        unfinished.delete(i);
      });
      expect(ran.sort((a, b) => a - b)).toEqual(items.map((_, i) => i));
    }), { numRuns: 60 });
  });

  it('rejects with a job\'s error and starts no other', async () => {
    const started: number[] = [];
    await expect(schedule([0, 1, 2], () => 'leftovers', 3, async (i) => { started.push(i); throw new Error(`job ${i}`); })).rejects.toThrow('job 0');
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([0]);
  });
});
