// db/record-json.ts: a record's JSON made by its write is the one its event carries, byte for byte
// what JSON.stringify would have made (issue 38: the transaction serialised once for row and event).
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { membersJson, recordJson } from '../../packages/sandbox/db/record-json.js';

const members = fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), fc.constant(undefined), fc.date({ noInvalidDate: true }), fc.constant(() => 1)));

it('property: membersJson is JSON.stringify of the members (undefined and functions left out, dates by toJSON)', () => {
  fc.assert(fc.property(members, (value) => { expect(membersJson(value)).toBe(JSON.stringify(value)); }), { numRuns: 300 });
});

it('property: a record just written is spliced in as its write serialised it, and equals JSON.stringify', () => {
  fc.assert(fc.property(fc.dictionary(fc.string(), fc.jsonValue()), members, fc.string(), (record, rest, key) => {
    const json = recordJson(record);
    expect(json).toBe(JSON.stringify(record));
    const data = { ...rest, [key]: record };
    expect(membersJson(data)).toBe(JSON.stringify(data));
  }), { numRuns: 300 });
});

it('the kept JSON is the write\'s: taken once, then the record is serialised afresh', () => {
  const record: Record<string, unknown> = { _id: 'r1', status: 'PAID' };
  recordJson(record);
  expect(membersJson({ transaction: record, move: 'card_payment' })).toBe('{"transaction":{"_id":"r1","status":"PAID"},"move":"card_payment"}');
  record.status = 'REFUNDED'; // never done to a written record; shows the second read is fresh
  expect(membersJson({ transaction: record })).toBe('{"transaction":{"_id":"r1","status":"REFUNDED"}}');
});
