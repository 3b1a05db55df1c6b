// `svc-sandbox cards`: the test cards, as the docs' page lists them (payment/test-cards-table.ts).
import type { Command } from './command.js';

export const cards: Command = {
  summary: 'lists the test cards: number, brand, the status it reaches and how',
  flags: [],
  async run() {
    const { testCardsText } = await import('../payment/test-cards-table.js');
    console.log(testCardsText());
  },
};
