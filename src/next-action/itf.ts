// The boleto's barcode (FEBRABAN: the 44-digit code as ITF, interleaved 2 of 5), drawn as SVG.
// A module of its own (svc-card/boleto-barcode, dist/svc-boleto-barcode.js): the panel's script
// stays small, and a page that shows no boleto never loads it.
//
// ITF: digits in pairs, the first drawn by 5 bars, the second by the 5 spaces between them; each
// digit has 2 wide elements of 5 (the table below, 1 = wide). A start of 4 narrow elements (bar,
// space, bar, space) and a stop of a wide bar, a narrow space and a narrow bar. FEBRABAN prints
// it with wide = 3 narrow, 10 narrow modules of quiet zone each side, 13 mm high for 103 mm wide.

/** Digit -> its 5 elements, 1 wide, 0 narrow (ITF's table: weights 1 2 4 7 0 of the wide ones add up to the digit, 11 meaning 0). */
const PATTERNS = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010'];
export const WIDE = 3;
export const QUIET = 10;

/** The widths, in narrow modules, of the code's elements from the start's first bar to the stop's last: bars at even indexes. */
export function itfWidths(code: string): number[] {
  if (!/^(?:\d\d)+$/.test(code)) throw new RangeError('ITF draws an even count of digits (a boleto\'s barcode has 44)');
  const widths = [1, 1, 1, 1];
  for (let i = 0; i < code.length; i += 2) {
    const bars = PATTERNS[Number(code[i])]!, spaces = PATTERNS[Number(code[i + 1])]!;
    for (let k = 0; k < 5; k++) widths.push(bars[k] === '1' ? WIDE : 1, spaces[k] === '1' ? WIDE : 1);
  }
  widths.push(WIDE, 1, 1);
  return widths;
}

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The code drawn as one SVG path, black on white with its quiet zones, scaled by its viewBox (one
 * unit a narrow module, 13/103 of the width high). Hidden from assistive technology: the
 * digitable line beside it says the same in text.
 */
export function itfSvg(code: string): SVGSVGElement {
  const widths = itfWidths(code);
  const total = widths.reduce((sum, width) => sum + width, 2 * QUIET);
  const height = Math.round((total * 13) / 103);
  let x = QUIET, d = '';
  widths.forEach((width, i) => {
    if (i % 2 === 0) d += `M${x} 0h${width}v${height}h-${width}z`;
    x += width;
  });
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({ viewBox: `0 0 ${total} ${height}`, 'aria-hidden': 'true', focusable: 'false', preserveAspectRatio: 'none', 'data-barcode': code })) svg.setAttribute(name, value);
  const background = document.createElementNS(SVG, 'rect');
  for (const [name, value] of Object.entries({ width: String(total), height: String(height), fill: '#fff' })) background.setAttribute(name, value);
  const bars = document.createElementNS(SVG, 'path');
  bars.setAttribute('d', d);
  bars.setAttribute('fill', '#000');
  svg.append(background, bars);
  return svg;
}
