// The test cards live in one module for unit and e2e tests alike; the specs' import path stays.
export * from '../../test-support/cards.mjs';
