// Decimal BRL to integer cents (4.4: "multiplied by 100 and rounded"): half
// up, on the decimal as written. A JSON number is read as a binary float, whose
// shortest decimal form (String(amount)) is the decimal as written for any
// amount of up to 15 significant digits; its digits decide, not the float times
// 100 (0.285 * 100 is 28.499999999999996, and 1.0049999999 * 100 rounded to a
// few places reads 100.5): the cents are its first two decimals, plus one when
// the third is 5 or more.
export const toCents = (amount: number): number => {
  if (amount < 0) return -toCents(-amount); // never sent (every amount's minimum is 0); kept symmetric
  const written = String(amount);
  // An exponent form is below 10^-6 (below half a cent) or at least 10^21 (past every maximum).
  if (written.includes('e')) return amount < 1 ? 0 : Math.round(amount * 100);
  const [whole, fraction = ''] = written.split('.') as [string, string?];
  const decimals = fraction.padEnd(3, '0');
  return Number(whole) * 100 + Number(decimals.slice(0, 2)) + (decimals[2]! >= '5' ? 1 : 0);
};
