// The brand marks taken from an icon set stay the set's own (src/element/brand-marks.ts):
// simple-icons, CC0-1.0, at the version package.json pins.
import { siDinersclub, siVisa } from 'simple-icons';
import { render } from 'lit';
import { describe, expect, it } from 'vitest';
import { ICON_PATHS } from '../../src/element/brand-marks.js';
import { BRANDS } from '../../src/shared/brands.js';
import { brandMarks } from '../../src/element/icons.js';

describe('brand marks', () => {
  it('are the simple-icons paths for Visa and Diners Club', () => {
    expect(ICON_PATHS).toEqual({ visa: siVisa.path, diners: siDinersclub.path });
  });

  it('gives every brand a mark: a path, the Mastercard circles or a lettered badge', () => {
    const host = document.createElement('div');
    render(brandMarks(undefined, BRANDS.map((brand) => brand.id)), host);
    const marks = [...host.querySelectorAll('svg')];
    expect(marks).toHaveLength(BRANDS.length);
    for (const mark of marks) expect(mark.querySelector('path, circle, text')).not.toBeNull();
    expect(marks.filter((mark) => mark.querySelector('text')).map((mark) => mark.textContent)).toEqual(
      ['elo', 'AMEX', 'Hipercard', 'hiper', 'Discover', 'JCB', 'aura', 'cabal']);
  });
});
