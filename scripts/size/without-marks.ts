// Stand-in for src/element/icons.ts when scripts/size/feature-costs.mjs measures what the brand
// marks (issue 12) cost in a script: no marks at all, brand-marks.ts unreached. Never shipped.
import { nothing } from 'lit/html.js';
import type { brandMarks as BrandMarks } from '../../src/element/icons.js';

export const brandMarks = (() => nothing) as unknown as typeof BrandMarks;
