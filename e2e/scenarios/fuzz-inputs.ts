import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

/**
 * What the fuzz suite sends: bad values of one parameter, the three ways a client encodes
 * parameters, and bodies that are malformed whatever they carry. Pure data and encoders; the
 * scenario (fuzz.scenario.ts) decides what goes where.
 */

const MB = 1024 * 1024;

/**
 * One bad value of a parameter. `form` is what a form or multipart body carries (several texts:
 * the key repeated; absent: the parameter left out), `json` the literal written into a JSON body
 * as it is (so 1e309 and a lone surrogate arrive as such). `bytes` replaces the text with raw bytes
 * (invalid UTF-8). `formKey` is appended to the name in form bodies (`name[$gt]`).
 */
export interface BadValue {
  name: string;
  form?: string | string[];
  json?: string;
  bytes?: Buffer;
  formKey?: string;
}

/**
 * No value here can be read as the id of anything the fuzz did not create: the only whole numbers
 * are 0, -1, 9007199254740991 and numbers past the safe range (fuzz.scenario.ts checks it).
 */
export const BAD_VALUES: BadValue[] = [
  { name: 'missing' },
  { name: 'empty', form: '', json: '""' },
  { name: 'array', form: ['a', 'b'], json: '["a","b"]' },
  { name: 'array of objects', form: ['[object Object]', ''], json: '[{"a":"x"},{"b":[null]},[]]' },
  { name: 'object', formKey: '[$gt]', form: '', json: '{"$gt":0,"$ne":null}' },
  { name: 'prototype keys', formKey: '[__proto__][admin]', form: 'true', json: '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}' },
  { name: '1e309', form: '1e309', json: '1e309' },
  { name: '-1e309', form: '-1e309', json: '-1e309' },
  { name: 'NaN', form: 'NaN', json: '"NaN"' },
  { name: 'Infinity', form: 'Infinity', json: '"-Infinity"' },
  { name: 'huge integer', form: '99999999999999999999999999999', json: '99999999999999999999999999999' },
  { name: 'past the safe integers', form: '9007199254740993', json: '9007199254740993' },
  { name: 'largest safe integer, padded', form: ' 9007199254740991 ', json: '" 9007199254740991 "' },
  { name: 'negative', form: '-1', json: '-1' },
  { name: 'zero', form: '0', json: '0' },
  { name: 'fraction', form: '2.5', json: '2.5' },
  { name: 'hexadecimal', form: '0x1F', json: '"0x1F"' },
  { name: 'true', form: 'true', json: 'true' },
  { name: 'null', form: 'null', json: 'null' },
  { name: 'NUL bytes', form: 'a\u0000b\u0000', json: '"a\\u0000b\\u0000"' },
  { name: 'control characters', form: '\u0001\u001b[2J\u007f\r\n\t', json: JSON.stringify('\u0001\u001b[2J\u007f\r\n\t') },
  { name: 'lone surrogate', form: 'x\ufffd', json: '"x\\ud800"' },
  { name: 'invalid UTF-8', bytes: Buffer.from([0x78, 0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80]) },
  { name: '1 MB of text', form: 'x'.repeat(MB), json: JSON.stringify('x'.repeat(MB)) },
  { name: '1 MB of CJK', form: '文'.repeat(MB / 3), json: JSON.stringify('文'.repeat(MB / 3)) },
  { name: '10,000 digits', form: '9'.repeat(10_000), json: '9'.repeat(10_000) },
  { name: '1,000 values', form: Array.from({ length: 1000 }, () => 'x'), json: JSON.stringify(Array.from({ length: 1000 }, () => 'x')) },
  { name: 'SQL', form: "' OR '1'='1' -- ", json: JSON.stringify("' OR '1'='1' -- ") },
  { name: 'operator as text', form: '{"$ne":null}', json: JSON.stringify('{"$ne":null}') },
  { name: 'path traversal', form: '../../../../etc/passwd', json: JSON.stringify('..\\..\\..\\windows\\win.ini') },
  { name: 'markup', form: '<script>alert(1)</script><img src=x onerror=alert(1)>', json: JSON.stringify('"><svg onload=alert(1)>') },
  { name: 'format strings', form: '${7*7}{{7*7}}%s%n%x', json: JSON.stringify('#{7*7}<%= 7*7 %>') },
  { name: 'regular expression', form: '(a+)+$[', json: JSON.stringify('.*'.repeat(500)) },
  { name: 'JSON text nested 20,000 deep', form: '['.repeat(20_000) + ']'.repeat(20_000), json: JSON.stringify('{"a":'.repeat(20_000) + '0' + '}'.repeat(20_000)) },
  { name: 'JSON text cut off', form: '{"9007199254740991":', json: JSON.stringify('[{"cat_id":') },
  {
    name: 'JSON text of wrong types',
    form: '{"9007199254740991":1e309,"-1":"x","0":[],"":null}',
    json: JSON.stringify('[{"cat_id":"x","cat_name":null,"parent_cat_id":1e309,"s_number":[]},null,"a",-1]'),
  },
  { name: 'nested 60 deep', form: '[[[]]]', json: '['.repeat(60) + ']'.repeat(60) },
];

/** How the parameters travel. */
export type Encoding = 'form' | 'json' | 'multipart';
export const ENCODINGS: Encoding[] = ['form', 'json', 'multipart'];

/** A parameter's value: plain text (the baseline a valid call carries) or a bad value. */
export type ParamValue = string | BadValue;
export type Params = Record<string, ParamValue>;

export interface Body {
  headers: Record<string, string>;
  body: Buffer;
}

/** A file part sent with the parameters on an upload route. */
export interface FilePart {
  field: string;
  filename: string;
  bytes: Buffer;
}

export const BOUNDARY = 'quire-fuzz-boundary';
const CRLF = '\r\n';

/** The texts (or bytes) a form or multipart body carries for a value; none when the value is left out. */
function formValues(value: ParamValue): Buffer[] {
  if (typeof value === 'string') return [Buffer.from(value, 'utf8')];
  if (value.bytes) return [value.bytes];
  if (value.form === undefined) return [];
  return (Array.isArray(value.form) ? value.form : [value.form]).map((text) => Buffer.from(text, 'utf8'));
}

function jsonLiteral(value: ParamValue): Buffer | undefined {
  if (typeof value === 'string') return Buffer.from(JSON.stringify(value), 'utf8');
  if (value.bytes) return Buffer.concat([Buffer.from('"'), value.bytes, Buffer.from('"')]);
  return value.json === undefined ? undefined : Buffer.from(value.json, 'utf8');
}

const formKey = (name: string, value: ParamValue) => (typeof value === 'string' ? name : `${name}${value.formKey ?? ''}`);

/** Percent-encodes bytes as a form does (any byte, valid UTF-8 or not). */
function percentEncode(bytes: Buffer): string {
  let out = '';
  for (const byte of bytes) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9*\-._]/.test(c) ? c : byte === 0x20 ? '+' : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The query string (without `?`) of the parameters, as a form encodes them. */
export function queryString(params: Params): string {
  return Object.entries(params)
    .flatMap(([name, value]) => formValues(value).map((bytes) => `${percentEncode(Buffer.from(formKey(name, value)))}=${percentEncode(bytes)}`))
    .join('&');
}

export function encodeParams(encoding: Encoding, params: Params, file?: FilePart): Body {
  switch (encoding) {
    case 'form':
      return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.from(queryString(params)) };
    case 'json': {
      const members = Object.entries(params).flatMap(([name, value]) => {
        const literal = jsonLiteral(value);
        return literal ? [Buffer.concat([Buffer.from(`${JSON.stringify(name)}:`), literal])] : [];
      });
      const joined = members.flatMap((member, i) => (i === 0 ? [member] : [Buffer.from(','), member]));
      return { headers: { 'content-type': 'application/json' }, body: Buffer.concat([Buffer.from('{'), ...joined, Buffer.from('}')]) };
    }
    case 'multipart':
      return multipart(params, file);
  }
}

function multipart(params: Params, file?: FilePart, boundary = BOUNDARY): Body {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(params)) {
    for (const bytes of formValues(value)) {
      parts.push(Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-data; name="${formKey(name, value)}"${CRLF}${CRLF}`), bytes, Buffer.from(CRLF));
    }
  }
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-data; name="${file.field}"; filename="${file.filename}"${CRLF}Content-Type: image/png${CRLF}${CRLF}`),
      file.bytes,
      Buffer.from(CRLF),
    );
  }
  parts.push(Buffer.from(`--${boundary}--${CRLF}`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Buffer.concat(parts) };
}

/** A small PNG (signature and header, then noise): what an image upload carries. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  Buffer.from(Array.from({ length: 700 }, (_, i) => (i * 13) % 256)),
]);

/** What a malformed body may build on: the call's valid parameters, and the file field of an upload route. */
export interface BodyContext {
  params: Record<string, string>;
  fileField: string;
}

export interface MalformedBody {
  name: string;
  build(context: BodyContext): Body;
}

const multipartType = (boundary = BOUNDARY) => ({ 'content-type': `multipart/form-data; boundary=${boundary}` });
const jsonType = (charset?: string) => ({ 'content-type': charset ? `application/json; charset=${charset}` : 'application/json' });
const formType = (charset?: string) => ({ 'content-type': charset ? `application/x-www-form-urlencoded; charset=${charset}` : 'application/x-www-form-urlencoded' });
const plain = (params: Record<string, string>): Params => params;
const jsonOf = (params: Record<string, string>) => Buffer.from(JSON.stringify(params));
const formOf = (params: Record<string, string>) => Buffer.from(queryString(params));
const fieldParts = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([name, value]) => `--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}${value}${CRLF}`)
    .join('');
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Bodies no parser can read as they claim to be, or that Quire refuses whatever they carry. */
export const MALFORMED_BODIES: MalformedBody[] = [
  {
    // Issue 14: this one stopped the server.
    name: 'multipart cut off inside a file',
    build: ({ fileField }) => ({ headers: multipartType('x'), body: Buffer.from(`--x${CRLF}Content-Disposition: form-data; name="${fileField}"; filename="a.png"${CRLF}${CRLF}zz`) }),
  },
  {
    name: 'multipart cut off inside a file nobody asked for',
    build: () => ({ headers: multipartType(), body: Buffer.from(`--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="not-the-file"; filename="b.png"${CRLF}${CRLF}zz`) }),
  },
  {
    name: 'multipart cut off inside a field',
    build: ({ params }) => ({
      headers: multipartType(),
      body: Buffer.from(`${fieldParts(params)}--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="page_content"${CRLF}${CRLF}half a val`),
    }),
  },
  {
    name: 'multipart cut off inside part headers',
    build: () => ({ headers: multipartType(), body: Buffer.from(`--${BOUNDARY}${CRLF}Content-Disposition: form-da`) }),
  },
  {
    name: 'multipart without its closing boundary',
    build: ({ params }) => ({ headers: multipartType(), body: Buffer.from(fieldParts(params)) }),
  },
  {
    name: 'multipart with a file and no closing boundary',
    build: ({ params, fileField }) => ({
      headers: multipartType(),
      body: Buffer.concat([Buffer.from(`${fieldParts(params)}--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="${fileField}"; filename="a.png"${CRLF}${CRLF}`), PNG]),
    }),
  },
  {
    name: 'multipart with another boundary than announced',
    build: ({ params }) => ({ headers: multipartType('not-the-one'), body: multipart(plain(params)).body }),
  },
  { name: 'multipart without a boundary', build: ({ params }) => ({ headers: { 'content-type': 'multipart/form-data' }, body: multipart(plain(params)).body }) },
  { name: 'multipart with an empty boundary', build: ({ params }) => ({ headers: { 'content-type': 'multipart/form-data; boundary=' }, body: multipart(plain(params)).body }) },
  {
    name: 'multipart with a 300-character boundary',
    build: ({ params }) => ({ headers: multipartType('b'.repeat(300)), body: multipart(plain(params), undefined, 'b'.repeat(300)).body }),
  },
  { name: 'multipart with an empty body', build: () => ({ headers: multipartType(), body: Buffer.alloc(0) }) },
  { name: 'multipart of only the closing boundary', build: () => ({ headers: multipartType(), body: Buffer.from(`--${BOUNDARY}--${CRLF}`) }) },
  {
    name: 'multipart part without Content-Disposition',
    build: () => ({ headers: multipartType(), body: Buffer.from(`--${BOUNDARY}${CRLF}Content-Type: text/plain${CRLF}${CRLF}orphan${CRLF}--${BOUNDARY}--${CRLF}`) }),
  },
  {
    name: 'multipart with a malformed part header',
    build: () => ({ headers: multipartType(), body: Buffer.from(`--${BOUNDARY}${CRLF}this is no header${CRLF}${CRLF}x${CRLF}--${BOUNDARY}--${CRLF}`) }),
  },
  {
    name: 'multipart with a 20 KB part header',
    build: () => ({
      headers: multipartType(),
      body: Buffer.from(`--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="${'n'.repeat(20_000)}"${CRLF}${CRLF}x${CRLF}--${BOUNDARY}--${CRLF}`),
    }),
  },
  {
    name: 'multipart with 300 fields',
    build: ({ params }) => ({ headers: multipartType(), body: multipart({ ...plain(params), ...Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`f${i}`, 'x'])) }).body }),
  },
  {
    name: 'multipart with six files, one named ../../etc/passwd',
    build: ({ params, fileField }) => {
      const files = Array.from(
        { length: 6 },
        (_, i) => `--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="${fileField}"; filename="${i === 0 ? '../../etc/passwd' : `f${i}.png`}"${CRLF}${CRLF}x${CRLF}`,
      );
      return { headers: multipartType(), body: Buffer.from(`${fieldParts(params)}${files.join('')}--${BOUNDARY}--${CRLF}`) };
    },
  },
  {
    name: 'multipart with a UTF-16 part and a filename* in a bogus charset',
    build: ({ fileField }) => ({
      headers: multipartType(),
      body: Buffer.concat([
        Buffer.from(`--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="page_title"${CRLF}Content-Type: text/plain; charset=utf-16le${CRLF}${CRLF}`),
        Buffer.from('标题', 'utf16le'),
        Buffer.from(`${CRLF}--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="${fileField}"; filename*=klingon''%FF%FE${CRLF}${CRLF}x${CRLF}--${BOUNDARY}--${CRLF}`),
      ]),
    }),
  },
  { name: 'form with broken percent escapes', build: () => ({ headers: formType(), body: Buffer.from('page_title=%E0%A4%A&%zz=%&item_id=%&=%%') }) },
  { name: 'form of separators only', build: () => ({ headers: formType(), body: Buffer.from('&&==&=&;;&') }) },
  {
    name: 'form with 10,001 parameters',
    build: () => ({ headers: formType(), body: Buffer.from(Array.from({ length: 10_001 }, (_, i) => `p${i}=1`).join('&')) }),
  },
  { name: 'form in UTF-16', build: ({ params }) => ({ headers: formType('utf-16le'), body: Buffer.from(queryString(params), 'utf16le') }) },
  { name: 'form in an unknown charset', build: ({ params }) => ({ headers: formType('klingon'), body: formOf(params) }) },
  { name: 'JSON cut off', build: () => ({ headers: jsonType(), body: Buffer.from('{"page_title":"a","item_id":') }) },
  { name: 'not JSON at all', build: () => ({ headers: jsonType(), body: Buffer.from("{'single': quotes, trailing: [1,],}") }) },
  { name: 'JSON array', build: ({ params }) => ({ headers: jsonType(), body: Buffer.from(`[${JSON.stringify(params)}]`) }) },
  { name: 'JSON string', build: () => ({ headers: jsonType(), body: Buffer.from('"item_id=0"') }) },
  { name: 'JSON null', build: () => ({ headers: jsonType(), body: Buffer.from('null') }) },
  { name: 'JSON number 1e309', build: () => ({ headers: jsonType(), body: Buffer.from('1e309') }) },
  { name: 'JSON nested 100,000 deep', build: () => ({ headers: jsonType(), body: Buffer.from(`{"item_id":${nested(100_000)}}`) }) },
  {
    name: 'JSON nested 60 deep in every parameter',
    build: ({ params }) => ({
      headers: jsonType(),
      body: Buffer.from(
        `{${Object.keys(params)
          .map((name) => `${JSON.stringify(name)}:${nested(60)}`)
          .join(',')}}`,
      ),
    }),
  },
  { name: 'JSON with a byte-order mark', build: ({ params }) => ({ headers: jsonType(), body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), jsonOf(params)]) }) },
  { name: 'JSON in UTF-16LE', build: ({ params }) => ({ headers: jsonType('utf-16le'), body: Buffer.from(JSON.stringify(params), 'utf16le') }) },
  { name: 'JSON in UTF-7', build: ({ params }) => ({ headers: jsonType('utf-7'), body: jsonOf(params) }) },
  { name: 'JSON in an unknown charset', build: ({ params }) => ({ headers: jsonType('klingon'), body: jsonOf(params) }) },
  { name: 'JSON in Latin-1', build: ({ params }) => ({ headers: jsonType('iso-8859-1'), body: jsonOf(params) }) },
  {
    name: 'JSON with duplicate and prototype keys',
    build: ({ params }) => ({
      headers: jsonType(),
      body: Buffer.from(`{"__proto__":{"uid":0,"groupid":1},"constructor":{"prototype":{"groupid":1}},${JSON.stringify(params).slice(1, -1) || '"a":1'},"item_id":[],"item_id":{}}`),
    }),
  },
  {
    name: 'JSON with invalid UTF-8',
    build: () => ({ headers: jsonType(), body: Buffer.concat([Buffer.from('{"page_title":"'), Buffer.from([0xff, 0xc0, 0xed, 0xa0, 0x80]), Buffer.from('"}')]) }),
  },
  { name: 'a body without Content-Type', build: ({ params }) => ({ headers: {}, body: formOf(params) }) },
  { name: 'text/plain', build: ({ params }) => ({ headers: { 'content-type': 'text/plain' }, body: jsonOf(params) }) },
  {
    name: 'XML',
    build: () => ({ headers: { 'content-type': 'application/xml' }, body: Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>') }),
  },
  {
    name: 'random bytes as octet-stream',
    build: () => ({ headers: { 'content-type': 'application/octet-stream' }, body: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256)) }),
  },
  {
    name: 'a Content-Type with 1,000 parameters',
    build: ({ params }) => ({ headers: { 'content-type': `application/json; charset=utf-8;${' x=y;'.repeat(1000)}` }, body: jsonOf(params) }),
  },
  { name: 'gzip JSON', build: ({ params }) => ({ headers: { ...jsonType(), 'content-encoding': 'gzip' }, body: gzipSync(jsonOf(params)) }) },
  { name: 'deflate form', build: ({ params }) => ({ headers: { ...formType(), 'content-encoding': 'deflate' }, body: deflateSync(formOf(params)) }) },
  { name: 'brotli JSON', build: ({ params }) => ({ headers: { ...jsonType(), 'content-encoding': 'br' }, body: brotliCompressSync(jsonOf(params)) }) },
  { name: 'gzip multipart', build: ({ params }) => ({ headers: { ...multipartType(), 'content-encoding': 'gzip' }, body: gzipSync(multipart(plain(params)).body) }) },
  { name: 'gzip bomb: 64 MB of JSON in 64 KB', build: () => ({ headers: { ...jsonType(), 'content-encoding': 'gzip' }, body: gzipBomb() }) },
  { name: 'an unknown Content-Encoding', build: ({ params }) => ({ headers: { ...jsonType(), 'content-encoding': 'compress' }, body: jsonOf(params) }) },
  { name: 'stacked Content-Encodings', build: ({ params }) => ({ headers: { ...jsonType(), 'content-encoding': 'gzip, gzip' }, body: gzipSync(gzipSync(jsonOf(params))) }) },
  { name: 'a Content-Encoding that lies', build: ({ params }) => ({ headers: { ...formType(), 'content-encoding': 'gzip' }, body: formOf(params) }) },
];

/** Requests Node's HTTP parser cannot read: sent as raw bytes to a route (`PATH` is replaced by its path). */
export const BROKEN_REQUESTS: { name: string; text: string }[] = [
  { name: 'a chunk size that is no number', text: 'POST PATH HTTP/1.1\r\nHost: q\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n' },
  {
    name: 'a chunk that breaks off into garbage',
    text: 'POST PATH HTTP/1.1\r\nHost: q\r\nContent-Type: multipart/form-data; boundary=x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n--x\r\n\r\nqq\r\n',
  },
  { name: 'a Content-Length that is no number', text: 'POST PATH HTTP/1.1\r\nHost: q\r\nContent-Type: application/json\r\nContent-Length: 1e3\r\n\r\n{}' },
  { name: 'Content-Length beside Transfer-Encoding', text: 'POST PATH HTTP/1.1\r\nHost: q\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n' },
  { name: 'two different Content-Lengths', text: 'POST PATH HTTP/1.1\r\nHost: q\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 9\r\n\r\n{}' },
  { name: 'headers over 16 KB', text: `POST PATH HTTP/1.1\r\nHost: q\r\nX-Padding: ${'p'.repeat(20_000)}\r\n\r\n` },
  { name: 'a request line that is no HTTP', text: 'HELLO PATH\r\n\r\n' },
];

let bomb: Buffer | undefined;
/** 64 MB of a JSON string, gzipped once and kept. */
function gzipBomb(): Buffer {
  bomb ??= gzipSync(Buffer.concat([Buffer.from('{"page_content":"'), Buffer.alloc(64 * MB, 0x61), Buffer.from('"}')]), { level: 9 });
  return bomb;
}

/** Bodies past the size limits: sent once per run (each is megabytes), not per route. */
export const OVERSIZED_BODIES: MalformedBody[] = [
  { name: 'JSON of 17 MB', build: () => ({ headers: jsonType(), body: Buffer.from(`{"page_content":"${'x'.repeat(17 * MB)}"}`) }) },
  { name: 'form of 17 MB', build: () => ({ headers: formType(), body: Buffer.from(`page_content=${'x'.repeat(17 * MB)}`) }) },
  { name: 'multipart with a 9 MB field', build: ({ params }) => multipart({ ...plain(params), page_content: 'x'.repeat(9 * MB) }) },
  { name: 'multipart of 17 MB in small fields', build: () => multipart(Object.fromEntries(Array.from({ length: 170 }, (_, i) => [`f${i}`, 'x'.repeat(100 * 1024)]))) },
  {
    name: 'multipart of 17 MB in drained files',
    build: ({ params }) => {
      const files = Array.from({ length: 4 }, (_, i): Buffer[] => [
        Buffer.from(`--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="other${i}"; filename="f${i}.bin"${CRLF}${CRLF}`),
        Buffer.alloc(4.5 * MB, 0x62),
        Buffer.from(CRLF),
      ]);
      return { headers: multipartType(), body: Buffer.concat([Buffer.from(fieldParts(params)), ...files.flat(), Buffer.from(`--${BOUNDARY}--${CRLF}`)]) };
    },
  },
];

/** A deterministic pseudo-random sequence (mulberry32): the same seed draws the same fuzz. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable number for a text (FNV-1a), to seed each route's draw. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}
