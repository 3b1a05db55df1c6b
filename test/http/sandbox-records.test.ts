// Defect 12 of issue 14 (records): the sandbox kept every transaction, subscription and
// charge for as long as it ran. Now each kind holds at most MAX_RECORDS, oldest dropped.
import { describe, expect, it } from 'vitest';
import { MAX_RECORDS, createRecords } from '../../demo/sandbox/records.mjs';

describe('sandbox records', () => {
  it.each(['transactions', 'subscriptions', 'charges'] as const)('%s: at most MAX_RECORDS, the oldest dropped first', (kind) => {
    const records = createRecords();
    const map = records[kind] as Map<string, unknown>;
    for (let i = 0; i <= MAX_RECORDS + 5; i += 1) map.set(`id-${i}`, { i });
    expect(MAX_RECORDS).toBeGreaterThanOrEqual(1_000); // enough for any test or demo session
    expect(map.size).toBe(MAX_RECORDS);
    expect(map.has('id-0')).toBe(false);
    expect(map.has(`id-${MAX_RECORDS + 5}`)).toBe(true);
    expect([...map.keys()][0]).toBe('id-6');
  });

  it('updating a kept record neither drops another nor moves it', () => {
    const records = createRecords({ limit: 2 });
    records.transactions.set('a', { v: 1 }).set('b', { v: 2 }).set('a', { v: 3 });
    expect([...records.transactions]).toEqual([['a', { v: 3 }], ['b', { v: 2 }]]);
    records.addCharge({ _id: 'c1' });
    records.addCharge({ _id: 'c2' }); // the seeded chg_demo_0001 is the oldest: dropped
    expect([...records.charges.keys()]).toEqual(['c1', 'c2']);
  });
});
