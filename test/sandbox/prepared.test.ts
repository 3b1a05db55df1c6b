// db/prepared.ts: a marked text keeps one name for the process; past the bound, new texts run unprepared.
import { expect, it } from 'vitest';
import { preparedTexts } from '../../packages/sandbox/db/prepared.js';

it('one name per text, the same each time it is marked; unmarked texts have none', () => {
  const texts = preparedTexts();
  const a = texts.mark('SELECT 1');
  texts.mark('SELECT 2');
  texts.mark(a);
  expect(texts.nameOf('SELECT 1')).toBe('sbx_prepared_0');
  expect(texts.nameOf('SELECT 2')).toBe('sbx_prepared_1');
  expect(texts.nameOf('SELECT 3')).toBeUndefined();
});

it('at most `max` texts: later ones stay unnamed, the first keep theirs', () => {
  const texts = preparedTexts(2);
  for (const sql of ['A', 'B', 'C', 'A']) expect(texts.mark(sql)).toBe(sql);
  expect(['A', 'B', 'C'].map(texts.nameOf)).toEqual(['sbx_prepared_0', 'sbx_prepared_1', undefined]);
});
