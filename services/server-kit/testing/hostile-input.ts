import fc from 'fast-check';

/**
 * Generators of hostile request input for the endpoint fuzzers. Bodies are produced as JSON
 * *text*, so keys such as "__proto__" reach the server as keys (a JavaScript object literal would
 * turn them into a prototype instead).
 */

const LONE_SURROGATE = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** Strings that have broken parsers, databases and renderers before. */
const NASTY_STRINGS = [
  '',
  ' ',
  '   \t\n ',
  '\u0000',
  'text with a \u0000 NUL in it',
  '\ud800',
  '\udfff lone low surrogate',
  'broken pair \ud83d',
  '\u202eRTL override: gnp.exe',
  '\u200f\u200e\u061c direction marks',
  'zero\u200bwidth\u200djoiner\ufeffBOM',
  `Zalgo ${'e\u0301\u0302\u0303\u0304\u0305'.repeat(40)}`,
  '🧪🚀👨‍👩‍👧‍👦🏳️‍🌈 emoji and ZWJ sequences',
  '\r\n\r\nX-Injected: header',
  '<script>window.__xss=1</script>',
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE blog_posts; --",
  "' OR '1'='1",
  '${7*7} {{7*7}} #{7*7}',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '\\\\server\\share',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x1F',
  '__proto__',
  'constructor',
  'prototype',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'a@b.co',
  'https://example.com/',
  '5 min read',
  '2025-07-01T09:00:00Z',
  '9'.repeat(400),
];

/** Lengths just around the limits the DTOs use, and far beyond them. */
const AWKWARD_LENGTHS = [255, 256, 257, 1000, 1001, 5000, 5001, 10_000, 10_001, 50_001, 100_001, 1_100_000];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.array(fc.oneof(LONE_SURROGATE, fc.string({ unit: 'binary', maxLength: 3 })), { maxLength: 10 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...AWKWARD_LENGTHS), fc.constantFrom('x', 'é', '🧪', ' ', '\u0301')).map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)) },
);

/** Any JSON value, leaning to the ones a DTO does not expect. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: hostileString },
    { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 31), Number.MAX_SAFE_INTEGER + 2, 1e308, -1e-308, 0.5)) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(hostileKey(), tie('value'), { maxKeys: 4 }) },
  ),
})).value;

/** A key: usually a plain name, often one that attacks the prototype chain. */
export function hostileKey(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'polluted', 'isAdmin', 'id', 'createdAt', 'slug') },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
    { weight: 1, arbitrary: hostileString },
  );
}

/** One JSON member: its key, and its value already written as JSON text. */
type Member = [key: string, valueJson: string];

const json = (value: unknown): string => JSON.stringify(value) ?? 'null';
const member = ([key, value]: [string, unknown]): Member => [key, json(value)];

function membersToJson(members: Member[]): string {
  return `{${members.map(([key, valueJson]) => `${JSON.stringify(key)}:${valueJson}`).join(',')}}`;
}

/** Attempts at polluting Object.prototype, written as JSON text so every "__proto__" stays a key. */
const POLLUTING_MEMBERS: Member[] = [
  ['__proto__', '{"polluted":"yes","isAdmin":true}'],
  ['constructor', '{"prototype":{"polluted":"yes"}}'],
  ['prototype', '{"polluted":"yes"}'],
  ['nested', '{"__proto__":{"polluted":"yes"},"inner":{"constructor":{"prototype":{"polluted":"yes"}}}}'],
  ['list', '[{"__proto__":{"polluted":"yes"}}]'],
];

export type Mutation =
  | { kind: 'set'; field: string; value: unknown }
  | { kind: 'delete'; field: string }
  | { kind: 'extra'; member: Member }
  | { kind: 'duplicate'; field: string; value: unknown };

function mutationArbitrary(fields: string[]): fc.Arbitrary<Mutation> {
  const field = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('anything');
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('set' as const), field, value: hostileValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), field }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        member: fc.oneof(fc.constantFrom(...POLLUTING_MEMBERS), fc.tuple(hostileKey(), hostileValue).map(member)),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), field, value: hostileValue }) },
  );
}

/** Applies mutations to a valid example and writes the result as JSON text. */
export function mutatedBodyText(example: Record<string, unknown>, mutations: Mutation[]): string {
  let members: Member[] = Object.entries(example).map(member);
  for (const mutation of mutations) {
    switch (mutation.kind) {
      case 'set':
        members = members.some(([key]) => key === mutation.field)
          ? members.map(([key, valueJson]) => [key, key === mutation.field ? json(mutation.value) : valueJson])
          : [...members, member([mutation.field, mutation.value])];
        break;
      case 'delete':
        members = members.filter(([key]) => key !== mutation.field);
        break;
      case 'extra':
        members = [...members, mutation.member];
        break;
      case 'duplicate':
        members = [...members, member([mutation.field, mutation.value])];
        break;
    }
  }
  return membersToJson(members);
}

/** JSON text that is not valid JSON, or is valid but deeply nested or not an object. */
const MALFORMED_BODIES = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a': 1}",
  '{"a": NaN}',
  '{"a": 1} trailing',
  '/* comment */ {}',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '[]',
  '[{}]',
  '"a string"',
  '42',
  'true',
  'null',
  '',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`,
  `{"title":${'['.repeat(4000)}${']'.repeat(4000)}}`,
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/merge-patch+json',
  '',
];

/** What one fuzz case sends. */
export interface FuzzRequest {
  method: string;
  /** Values for the route's path parameters, in order (raw: may need encoding). */
  pathValues: string[];
  query: string;
  contentType: string | null;
  body: string | null;
  /** What kind of case this is, for the report. */
  label: string;
}

const queryArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(hostileKey(), hostileString), { maxLength: 3 })
      .map((pairs) => `?${pairs.map(([key, value]) => `${encodeText(key)}=${encodeText(value.slice(0, 2000))}`).join('&')}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('?__proto__[polluted]=1', '?constructor[prototype][polluted]=1', '?a[]=1&a[]=2', '?email=%ff%fe&token=%00', '?%') },
);

/** Path parameter values: valid-looking ids, their edges, and garbage (pre-encoded where it must be). */
export function pathValueArbitrary(validValues: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: validValues.length > 0 ? fc.constantFrom(...validValues) : fc.constant('1') },
    { weight: 2, arbitrary: fc.constantFrom('0', '-1', '1.5', '1e3', '9007199254740993', '2147483648', '99999999999999999999', 'abc', '%20', '%00', '%ff', '%ED%A0%80', '..', '.', '%2e%2e%2f', 'null', '__proto__', 'constructor') },
    { weight: 1, arbitrary: hostileString.map((text) => encodeText(text.slice(0, 3000)) || 'x') },
  );
}

/** Percent-encodes text; lone surrogates become the bytes of U+FFFD rather than throwing. */
export function encodeText(text: string): string {
  return encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
}

/** A whole fuzz case for a route: its own method or a wrong one, a body from its example or not. */
export function fuzzRequestArbitrary(route: { method: string; params: number }, example: Record<string, unknown> | undefined, validPathValues: string[]): fc.Arbitrary<FuzzRequest> {
  const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  const fields = Object.keys(example ?? {});
  const pathValues = fc.array(pathValueArbitrary(validPathValues), { minLength: route.params, maxLength: route.params });

  const mutated = fc
    .array(mutationArbitrary(fields), { minLength: 1, maxLength: 3 })
    .map((mutations) => ({ body: mutatedBodyText(example ?? {}, mutations), label: `mutated(${mutations.map((m) => m.kind).join(',')})` }));
  const randomObject = fc
    .array(fc.tuple(hostileKey(), hostileValue), { maxLength: 6 })
    .map((members) => ({ body: membersToJson(members.map(member)), label: 'random-object' }));
  const randomJson = fc.jsonValue({ maxDepth: 3 }).map((value) => ({ body: JSON.stringify(value), label: 'random-json' }));
  const malformed = fc.constantFrom(...MALFORMED_BODIES).map((body) => ({ body, label: 'malformed' }));
  const valid = fc.constant({ body: JSON.stringify(example ?? {}), label: 'valid-example' });
  // Many fields: unknown keys beside the valid ones, or one field holding a large object or list.
  // Counts straddle the services' value limit (1,000) and reach their body limits.
  const manyKeys = fc
    .tuple(fc.constantFrom(4, 50, 999, 1001, 4000, 60_000), fc.constantFrom('unknown-keys', 'nested-object', 'long-list'), fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('anything'))
    .map(([count, shape, field]) => {
      const valid = Object.entries(example ?? {}).map(member);
      const extra: Member[] =
        shape === 'unknown-keys'
          ? Array.from({ length: count }, (_, index): Member => [`k${index}`, '1'])
          : [[field, shape === 'nested-object' ? membersToJson(Array.from({ length: count }, (_, index): Member => [`k${index}`, '1'])) : `[${'1,'.repeat(count - 1)}1]`]];
      return { body: membersToJson([...valid.filter(([key]) => shape === 'unknown-keys' || key !== field), ...extra]), label: `many-keys(${shape},${count})` };
    });

  const body = withBody
    ? fc.oneof({ weight: 6, arbitrary: mutated }, { weight: 2, arbitrary: randomObject }, { weight: 1, arbitrary: randomJson }, { weight: 2, arbitrary: malformed }, { weight: 1, arbitrary: manyKeys }, { weight: 1, arbitrary: valid })
    : fc.oneof({ weight: 4, arbitrary: fc.constant({ body: null as string | null, label: 'no-body' }) }, { weight: 1, arbitrary: randomObject }, { weight: 1, arbitrary: malformed });
  const contentType = fc.oneof({ weight: 6, arbitrary: fc.constant('application/json') }, { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) }, { weight: 1, arbitrary: fc.constant(null) });
  const method = fc.oneof({ weight: 12, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom('PATCH', 'OPTIONS', 'HEAD', 'PUT', 'DELETE', 'POST', 'GET') });

  return fc.record({ method, pathValues, query: queryArbitrary, contentType, body }).map(({ method, pathValues, query, contentType, body }) => ({
    method,
    pathValues,
    query,
    contentType: body.body === null ? null : contentType,
    body: body.body,
    label: method === route.method ? body.label : `wrong-method(${method})`,
  }));
}
