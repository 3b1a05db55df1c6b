// The time left to pay a PIX or boleto, as the panel shows it: days and hours while there are days,
// hours and minutes while there are hours, and minutes and seconds in the last hour (issue 39),
// so a shopper about to miss it sees the clock move. Rounded down: never more time than there is.

/** `1 d 21 h`, `5 h 03 min`, `59 min 05 s`, `0 min 00 s` from milliseconds (negative: none left). */
export function timeLeft(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(seconds / 60), hours = Math.floor(minutes / 60), days = Math.floor(hours / 24);
  const two = (n: number) => String(n).padStart(2, '0');
  return days ? `${days} d ${hours % 24} h` : hours ? `${hours} h ${two(minutes % 60)} min` : `${minutes} min ${two(seconds % 60)} s`;
}
