import fc from "fast-check";

/**
 * Hostile requests for the fuzz test: malformed, oversized, wrongly typed and hostile bodies,
 * in every content type a client can send. Values are chosen so that none is a valid input by
 * accident (no small positive ids: a real order of the signed-in tailor must not be accepted).
 */

export interface FuzzRequest {
  method: string;
  /** What the body is, for the report. */
  kind: string;
  contentType?: string;
  body?: string | Uint8Array | FormData;
  /** A short, readable description of the input. */
  shown: string;
}

const HOSTILE_TEXT = [
  "",
  " ",
  '\'; DROP TABLE "Order"; --',
  "' OR '1'='1",
  "1 OR 1=1",
  '" OR ""="',
  "<script>alert(1)</script>",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  "${7*7}{{7*7}}",
  "../../../../etc/passwd",
  "\u0000",
  "abc\u0000def",
  "\uD800",
  "\uDFFF\uD800",
  "\u202E\u202D",
  "𝕏🧵".repeat(50),
  "ก".repeat(5000),
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "-1e309",
  "-1",
  "0",
  "-0",
  "0x10",
  "1.5",
  "2147483648",
  "99999999999999999999",
  "true",
  "null",
  "undefined",
  "[object Object]",
  "__proto__",
  "a@b",
  "@example.com",
  "x".repeat(300),
];

const HOSTILE_NUMBERS = [
  -1,
  0,
  -0,
  1.5,
  -2147483649,
  2147483648,
  // biome-ignore lint/correctness/noPrecisionLoss: a number past 2^53 on purpose
  9007199254740993,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  1e21,
  4294967296,
];

/** A string that is not a small positive whole number (forms coerce "7" to 7). */
function notAnId(text: string): string {
  return /^\s*\+?0*[1-9]\d{0,8}(\.0*)?\s*$/.test(text) ? `-${text.trim()}` : text;
}

/** Numbers inside generated JSON: small positive whole numbers become negative. */
function noIds(value: unknown): unknown {
  if (typeof value === "number") return Number.isInteger(value) && value > 0 && value < 2147483648 ? -value : value;
  if (Array.isArray(value)) return value.map(noIds);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, noIds(inner)]));
  return value;
}

export function hostileText(): fc.Arbitrary<string> {
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
      { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
      { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
      { weight: 1, arbitrary: fc.constant("ผ".repeat(200_000)) },
    )
    .map(notAnId);
}

function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: hostileText() },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map(noIds) },
    { weight: 1, arbitrary: fc.constant({ __proto__: { isAdmin: true, roles: ["admin"] } }) },
    {
      weight: 1,
      arbitrary: fc.array(fc.constantFrom(...HOSTILE_NUMBERS, ...HOSTILE_TEXT.slice(0, 8)), { maxLength: 4 }),
    },
  );
}

const POLLUTING_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", ""];

/** The JSON text of an object with these entries (kept as text: `__proto__` stays a key). */
function jsonObjectText(entries: [string, unknown][]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value === undefined ? null : value)}`).join(",")}}`;
}

function pollutingObject(): string {
  return '{"__proto__":{"isAdmin":true,"roles":["admin"],"status":"active"},"constructor":{"prototype":{"polluted":true}}}';
}

const MALFORMED_JSON = [
  "{",
  '{"orderId":',
  "{'orderId': 1}",
  '{"orderId": 1e309}',
  '{"orderId": NaN}',
  '{"orderId": Infinity}',
  '{"orderId": -1e309}',
  '{"items": [{"id": 1e309, "version": "x"}]}',
  "NaN",
  "1e309",
  "\uFEFF{}",
  "[",
  "}{",
  '{"a":1}{"b":2}',
  '{"a":"\\uD800"}',
  '{"a":"\\u0000"}',
  "\u0000",
  "undefined",
  `"${"a".repeat(100)}"`,
  "[".repeat(5000),
];

const BAD_FORMS = [
  "%",
  "%E0%A4%A",
  "a=%ZZ",
  "intent=%C0%AF",
  "email=%FF%FE&password=%00",
  "&&&===",
  "intent=%00place",
  "=",
  "a=1&a=2&a=3&a[]=4&a[b]=5",
  "__proto__[isAdmin]=true&constructor[prototype][x]=1",
];

const INVALID_UTF8 = [
  new Uint8Array([0xff, 0xfe, 0xfd]),
  new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), // {"a":"\xC3("}
  new Uint8Array([0xed, 0xa0, 0x80]), // an encoded surrogate
  new Uint8Array([0xc0, 0xaf, 0x3d, 0x31]),
];

export function fuzzRequests(fields: string[], intents: string[]): fc.Arbitrary<FuzzRequest> {
  const key = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...fields) },
    { weight: 1, arbitrary: fc.constantFrom(...POLLUTING_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  const entries = fc.array(fc.tuple(key, hostileValue()), { maxLength: 6 });
  const formEntries = fc.tuple(
    fc.option(fc.constantFrom(...intents, "", "no-such-intent"), { nil: undefined }),
    fc.array(fc.tuple(key, hostileText()), { maxLength: 6 }),
  );
  const method = fc.constantFrom("POST", "POST", "PUT", "PATCH", "DELETE");

  const body: fc.Arbitrary<Omit<FuzzRequest, "method">> = fc.oneof(
    entries.map((list) => {
      const text = jsonObjectText(list);
      return { kind: "json object", contentType: "application/json", body: text, shown: text.slice(0, 300) };
    }),
    fc.jsonValue({ maxDepth: 3 }).map((value) => {
      const text = JSON.stringify(noIds(value));
      return { kind: "json value", contentType: "application/json", body: text, shown: text.slice(0, 300) };
    }),
    fc.constantFrom(...MALFORMED_JSON).map((text) => ({
      kind: "malformed json",
      contentType: "application/json",
      body: text,
      shown: text.slice(0, 120),
    })),
    fc.constant({
      kind: "polluting json",
      contentType: "application/json",
      body: pollutingObject(),
      shown: pollutingObject(),
    }),
    formEntries.map(([intent, list]) => {
      const params = new URLSearchParams();
      if (intent !== undefined) params.append("intent", intent);
      for (const [name, value] of list) params.append(name, value);
      const text = params.toString();
      return { kind: "form", contentType: "application/x-www-form-urlencoded", body: text, shown: text.slice(0, 300) };
    }),
    fc.constantFrom(...BAD_FORMS).map((text) => ({
      kind: "bad form encoding",
      contentType: "application/x-www-form-urlencoded",
      body: text,
      shown: text,
    })),
    formEntries.map(([intent, list]) => {
      const form = new FormData();
      if (intent !== undefined) form.append("intent", intent);
      for (const [name, value] of list) form.append(name, value);
      form.append(
        "image",
        new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])], { type: "image/png" }),
        "../../evil.png",
      );
      return {
        kind: "multipart",
        body: form,
        shown: `multipart intent=${intent} ${list.map(([name]) => name).join(",")} + fake png`,
      };
    }),
    fc.constantFrom(...INVALID_UTF8).chain((bytes) =>
      fc.constantFrom("application/json", "application/x-www-form-urlencoded", "text/plain").map((contentType) => ({
        kind: "invalid utf-8",
        contentType,
        body: bytes,
        shown: `${contentType} bytes ${[...bytes].join(",")}`,
      })),
    ),
    fc
      .tuple(
        fc.constantFrom(
          "text/plain",
          "application/xml",
          "image/png",
          "multipart/form-data",
          "application/json; charset=utf-16",
          "application/x-www-form-urlencoded; charset=shift_jis",
        ),
        hostileText(),
      )
      .map(([contentType, text]) => ({
        kind: "wrong content type",
        contentType,
        body: text,
        shown: `${contentType} ${JSON.stringify(text.slice(0, 80))}`,
      })),
    fc.constantFrom(
      { kind: "no body", shown: "no body, no content type" },
      { kind: "no body", contentType: "application/json", shown: "application/json, empty body" },
      { kind: "no body", contentType: "application/x-www-form-urlencoded", shown: "form, empty body" },
    ),
  );
  return fc.tuple(method, body).map(([chosen, rest]) => ({ method: chosen, ...rest }));
}

/** Hostile values for a path parameter (`:id`, `:decision`, a `*` tail). */
export const HOSTILE_SEGMENTS = [
  "0",
  "-1",
  "abc",
  "1e309",
  "1.5",
  "NaN",
  "2147483647",
  "2147483648",
  "99999999999999999999",
  "%E0%A4%A",
  "%00",
  "%",
  "'%20OR%201=1--",
  "..%2F..%2Fetc%2Fpasswd",
  "%F0%9F%A7%B5",
  "__proto__",
  "x".repeat(2000),
];

/** Sent to every action, as every identity, on every run: the cases most likely to break a parser. */
export const CLASSIC_CASES: FuzzRequest[] = [
  { method: "POST", kind: "no body", shown: "POST, no body, no content type" },
  { method: "PUT", kind: "no body", shown: "PUT, no body, no content type" },
  { method: "PATCH", kind: "json value", contentType: "application/json", body: '"x"', shown: '"x" (not an object)' },
  {
    method: "POST",
    kind: "malformed json",
    contentType: "application/json",
    body: '{"orderId": 1e309, "id": NaN',
    shown: '{"orderId": 1e309, "id": NaN',
  },
  {
    method: "POST",
    kind: "polluting json",
    contentType: "application/json",
    body: pollutingObject(),
    shown: pollutingObject(),
  },
  {
    method: "POST",
    kind: "bad form encoding",
    contentType: "application/x-www-form-urlencoded",
    body: "intent=%E0%A4%A&id=%FF",
    shown: "intent=%E0%A4%A&id=%FF",
  },
  {
    method: "POST",
    kind: "wrong content type",
    contentType: "text/plain",
    body: "intent=place",
    shown: "text/plain intent=place",
  },
];
