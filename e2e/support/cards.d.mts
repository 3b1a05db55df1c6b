// Types of cards.mjs: those of the one module it re-exports.
export * from '../../test-support/cards.mjs';
