// Which scenario an event of the sandbox belongs to, when several play at once (run.ts). Pure:
// no browser, no network.
//
// A card payment carries the name typed on the card (transaction.card.holderName), and the check
// types a name of its own in each scenario: a transaction with that name is the scenario's, and so
// is the charge it is on, and every other payment on that charge (a PIX issued on the order's one
// charge). What names no scenario (a PIX or boleto paid on a charge no card touched, a client, a
// charge never paid) is a leftover: it belongs to the scenario that claims leftovers and whose
// window holds it (run.ts lets only one such play at a time), else to every scenario whose window
// holds it, so no webhook delivery goes unjudged.
import type { LedgerEvent } from './record.js';

/** A scenario as the attribution sees it: its card's name, and the window of events it played in. */
export interface Share {
  id: string;
  /** The holder name its cards are typed with (none: it types no card). */
  holder?: string;
  /** The last event's number before it began; its events come after. */
  start: number;
  /** The last event's number when it stopped playing; undefined while it plays. */
  end?: number;
  /** The leftovers of its window are its own (it plays PIX or boleto, or alone). */
  claimsLeftovers: boolean;
}

/** Letters only: what any card form accepts as a holder, whatever it strips. */
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const lettersOf = (n: number, width: number) => Array.from({ length: width }, (_, i) => LETTERS[Math.floor(n / LETTERS.length ** (width - 1 - i)) % LETTERS.length]).join('');

/** The holder name scenario `index` of run `run` types: unique within the run, and across runs by `run` (random). */
export const holderOf = (run: number, index: number) => `CHECK ${lettersOf(run, 4)} ${lettersOf(index, 2)}`;

/** A holder name as compared: a form may change its case or its spaces. */
const sameName = (name: unknown) => (typeof name === 'string' ? name.trim().replace(/\s+/g, ' ').toUpperCase() : '');

const holds = (share: Share, seq: number) => seq > share.start && (share.end === undefined || seq <= share.end);

/** Each event's owners (share ids), for the events given (the ones after the earliest share's start). */
export function owners(events: readonly LedgerEvent[], shares: readonly Share[]): Map<string, string[]> {
  const byHolder = new Map(shares.filter((s) => s.holder).map((s) => [sameName(s.holder), s]));
  const transactions = new Map<string, string>();
  const charges = new Map<string, string>();
  // A card payment names its scenario; its charge follows (the first card on a charge wins).
  for (const { seq, data: { transaction: t } } of events) {
    const share = byHolder.get(sameName((t?.card as { holderName?: unknown } | undefined)?.holderName));
    if (!t || typeof t._id !== 'string' || !share || seq <= share.start) continue;
    transactions.set(t._id, share.id);
    if (typeof t.chargeId === 'string' && !charges.has(t.chargeId)) charges.set(t.chargeId, share.id);
  }
  // A payment without a card (PIX, boleto) on a charge a card named is that scenario's too.
  for (const { data: { transaction: t } } of events) {
    if (t && typeof t._id === 'string' && !transactions.has(t._id) && typeof t.chargeId === 'string' && charges.has(t.chargeId)) transactions.set(t._id, charges.get(t.chargeId)!);
  }
  const found = new Map<string, string[]>();
  for (const { id, seq, data: { transaction: t, charge: c } } of events) {
    const named = (typeof t?._id === 'string' ? transactions.get(t._id) : undefined) ?? (typeof c?._id === 'string' ? charges.get(c._id) : undefined);
    if (named) { found.set(id, [named]); continue; }
    const claimer = shares.find((s) => s.claimsLeftovers && holds(s, seq));
    found.set(id, claimer ? [claimer.id] : shares.filter((s) => holds(s, seq)).map((s) => s.id));
  }
  return found;
}

/** The events that are `id`'s, in their order. */
export function eventsOf(id: string, events: readonly LedgerEvent[], shares: readonly Share[]): LedgerEvent[] {
  const found = owners(events, shares);
  return events.filter((e) => found.get(e.id)?.includes(id));
}
