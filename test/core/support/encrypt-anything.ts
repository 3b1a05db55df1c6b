// encryptCard given values off its CardInput type, as a JavaScript caller or parsed JSON may pass
// them: what these tests check is the run-time reading, which takes anything.
import { encryptCard, type EncryptCardResult } from '../../../src/core/index.js';

export const encryptAnything = encryptCard as (input: unknown) => Promise<EncryptCardResult>;
