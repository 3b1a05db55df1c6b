// fast-check generators: valid cards in all their accepted spellings, and hostile inputs.
import fc from 'fast-check';

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
const space = fc.constantFrom('', ' ', '  ', '\t', '\n', '\u00a0');

/** A number of 13 to 19 digits with white space anywhere. */
const spacedNumber = fc
  .tuple(digits(13, 19), fc.array(fc.tuple(fc.nat(19), space), { maxLength: 6 }))
  .map(([number, gaps]) => gaps.reduce((text, [at, gap]) => text.slice(0, at) + gap + text.slice(at), number));

/** Any name that is not blank and at most 255 characters once trimmed, with surrounding white space. */
const holder = fc
  .tuple(space, fc.string({ unit: 'binary', minLength: 1, maxLength: 255 }), space)
  .map(([before, name, after]) => before + name + after)
  .filter((name) => name.trim().length >= 1 && name.trim().length <= 255);

const month = fc.oneof(
  fc.integer({ min: 1, max: 12 }),
  fc.integer({ min: 1, max: 12 }).map(String),
  fc.integer({ min: 1, max: 9 }).map((m) => `0${m}`),
  fc.tuple(space, fc.integer({ min: 1, max: 12 }), space).map(([a, m, b]) => a + m + b),
);
const year = fc.oneof(fc.integer({ min: 1000, max: 9999 }), digits(4, 4), fc.tuple(space, digits(4, 4)).map(([a, y]) => a + y));
const keyId = fc.option(fc.stringMatching(/^[A-Za-z0-9._-]{1,64}$/), { nil: undefined });

export const validCard = (publicKey: string) =>
  fc.record({
    publicKey: fc.constant(publicKey),
    holder,
    number: spacedNumber,
    expMonth: month,
    expYear: year,
    securityCode: fc.tuple(digits(3, 4), space).map(([code, gap]) => code + gap),
    keyId,
  }).map((card) => (card.keyId === undefined ? { ...card, keyId: undefined } : card));

/** Field values of any type, including the right type with the wrong content. */
const anyValue = fc.oneof(fc.anything(), fc.string(), digits(0, 25), fc.integer(), fc.constantFrom(null, undefined, '', ' '));

/** Objects with the six members (some absent) whose values may be anything. */
export const cardLike = (publicKey: string) =>
  fc.record(
    {
      publicKey: fc.oneof(anyValue, fc.constant(publicKey)),
      holder: anyValue,
      number: anyValue,
      expMonth: anyValue,
      expYear: anyValue,
      securityCode: anyValue,
      keyId: anyValue,
    },
    { requiredKeys: [] },
  );

const thrower = () => {
  throw new Error('getter exploded');
};

/**
 * Inputs that fight back: throwing getters, Proxies, revoked Proxies, unprintable values.
 * Each comes as a factory: fast-check itself would trip over a Proxy whose traps throw.
 */
export const hostile = (publicKey: string) =>
  fc.oneof(
    cardLike(publicKey).map((card) => () => {
      const target: Record<string, unknown> = { ...card };
      for (const key of Object.keys(target).slice(0, 3)) Object.defineProperty(target, key, { get: thrower });
      return target;
    }),
    cardLike(publicKey).map((card) => () => new Proxy(card, { get: thrower, has: thrower, ownKeys: thrower, getOwnPropertyDescriptor: thrower })),
    fc.constant(() => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    }),
    cardLike(publicKey).map((card) => () => ({
      ...card,
      expMonth: Object.create(null),
      expYear: { toString: thrower, valueOf: thrower },
      keyId: { [Symbol.toPrimitive]: thrower },
      holder: Symbol('holder'),
      number: 10n ** 15n,
    })),
  );
