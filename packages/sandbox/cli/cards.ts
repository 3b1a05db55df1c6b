// `svc-sandbox cards`: the test cards, as the docs' page lists them (payment/test-cards-table.ts).
import type { Command } from './command.js';
import { testCardsText } from '../payment/test-cards-table.js';

export const cards: Command = {
  summary: 'lists the test cards: number, brand, the status it reaches and how',
  flags: [],
  async run() {
    console.log(testCardsText());
  },
};
