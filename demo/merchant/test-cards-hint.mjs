// The page's sandbox hint: a paid and a declined test card per brand, Brazil's own brands
// first (Elo, Hipercard, Hiper; issue 11), then the element's brand order, from the sandbox's own list (packages/sandbox/payment/test-cards.json)
// and grouped as the element shows each brand's number.
import { readFileSync } from 'node:fs';
import { BRANDS } from './project-rules.mjs';

const TEST_CARDS = JSON.parse(readFileSync(new URL('../../packages/sandbox/payment/test-cards.json', import.meta.url), 'utf8'));

/** The digits with a space at each of the brand's gaps: `3782 822463 10005`. */
const grouped = (digits, gaps) => [0, ...gaps].map((start, i, all) => digits.slice(start, all[i + 1])).filter(Boolean).join(' ');

const TEXTS = {
  'pt-BR': { summary: 'Cartões de teste do sandbox', brand: 'Bandeira', paid: 'Aprovado', declined: 'Recusado' },
  en: { summary: 'Sandbox test cards', brand: 'Brand', paid: 'Paid', declined: 'Declined' },
};

/** `[{brand, paid, declined}]`: the first paid and declined number of each brand, grouped. */
const BRAZIL_FIRST = ['elo', 'hipercard', 'hiper'];
const rank = (brand) => (BRAZIL_FIRST.indexOf(brand.id) + 1 || 9);
const inHintOrder = () => [...BRANDS].sort((a, b) => rank(a) - rank(b));
export const hintRows = () => inHintOrder().map((brand) => {
  const first = (status) => TEST_CARDS.find((card) => card.brand === brand.id && card.status === status && !card.alert)?.number;
  return { brand: brand.name, paid: grouped(first('PAID'), brand.gaps), declined: grouped(first('DECLINED'), brand.gaps) };
});

/** The hint's table in `lang` (the texts are fixed; the numbers are digits and spaces only). */
export function testCardsTable(lang) {
  const say = TEXTS[lang];
  const rows = hintRows().map((row) => `<tr><th scope="row">${row.brand}</th><td>${row.paid}</td><td>${row.declined}</td></tr>`).join('\n      ');
  return `<details class="test-cards"><summary>${say.summary}</summary>
    <table>
      <thead><tr><th scope="col">${say.brand}</th><th scope="col">${say.paid}</th><th scope="col">${say.declined}</th></tr></thead>
      <tbody>
      ${rows}
      </tbody>
    </table>
  </details>`;
}
