import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import express from 'express';
import { TakenBinary } from '../src/http/binary-intake.js';
import { decodeBase64Field, decodeJsonBody } from '../src/http/json-body-decoding.js';
import { closeBodyDecodingPool, largeJsonParser } from '../src/http/large-json-body.js';

const bytesOf = (text: string) => Buffer.from(text);

describe('decodeJsonBody (the rules the decoding thread applies)', () => {
  it('parses objects and arrays, reads an empty body as {}, refuses anything else', () => {
    expect(decodeJsonBody(bytesOf('{"a":1}'), []).value).toEqual({ a: 1 });
    expect(decodeJsonBody(bytesOf(' [1,2] '), []).value).toEqual([1, 2]);
    expect(decodeJsonBody(bytesOf('  '), []).value).toEqual({});
    for (const bad of ['"text"', '12', '{"a":', 'null']) {
      expect(() => decodeJsonBody(bytesOf(bad), [])).toThrow('The request body is not valid JSON.');
    }
  });

  it('turns named base64 fields into bytes and leaves anything but non-empty text for validation', () => {
    const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 250]);
    const decoded = decodeJsonBody(bytesOf(JSON.stringify({ file: `${image.toString('base64')}\n`, email: 'a@b.co' })), ['file']);
    expect(Buffer.from(decoded.binaries.file!).equals(image)).toBe(true);
    expect(decoded.value).toEqual({ email: 'a@b.co' });
    for (const left of [12, '', '   ', null, ['x']]) {
      const kept = decodeJsonBody(bytesOf(JSON.stringify({ file: left })), ['file']);
      expect(kept).toEqual({ value: { file: left }, binaries: {} });
    }
    // Only own fields of an object body are read.
    expect(decodeJsonBody(bytesOf('[1]'), ['file']).binaries).toEqual({});
  });

  it('refuses data: URLs and text that is not standard base64, naming the field', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64');
    expect(() => decodeBase64Field('imageBase64', `data:image/png;base64,${png}`)).toThrow('Send imageBase64 without the "data:...;base64," prefix.');
    expect(() => decodeBase64Field('imageBase64', ` DATA:x`)).toThrow(/without the "data:/);
    for (const bad of ['@@@@', `${png.slice(0, -2)}!!`, 'A', 'AAAAA', '-_-_', 'ÿÿÿÿ']) {
      expect(() => decodeBase64Field('imageBase64', bad)).toThrow('imageBase64 is not valid base64.');
    }
    expect(Buffer.from(decodeBase64Field('f', 'AAA=')).equals(Buffer.from([0, 0]))).toBe(true);
    expect(Buffer.from(decodeBase64Field('f', 'AAA')).equals(Buffer.from([0, 0]))).toBe(true);
  });
});

/** Serves `app` on a free loopback port; the answer's `url` ends with `path`. */
async function listen(app: express.Express, path: string): Promise<{ server: Server; url: string }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}` };
}

async function stopServing(server: Server): Promise<void> {
  await new Promise((resolve) => server.close(resolve));
  await closeBodyDecodingPool();
}

describe('largeJsonParser through Express', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const app = express();
    app.use(largeJsonParser(20 * 1024 * 1024, ['file']));
    app.post('/echo', (req, res) => {
      const body = req.body as { file?: unknown; email?: unknown };
      res.json({ email: body.email, fileBytes: Buffer.isBuffer(body.file) ? body.file.length : null, head: Buffer.isBuffer(body.file) ? [...body.file.subarray(0, 4)] : body.file });
    });
    app.use((error: { type?: string; message: string; status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(error.status ?? 500).json({ type: error.type, message: error.message });
    });
    ({ server, url } = await listen(app, '/echo'));
  });

  afterAll(() => stopServing(server));

  const post = (body: string | Buffer) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

  it('decodes 13 MB bodies on the thread, several at once, and the bytes arrive intact', async () => {
    const file = Buffer.alloc(10 * 1024 * 1024);
    for (let index = 0; index < file.length; index += 4096) file[index] = index % 251;
    file.set([0xff, 0xd8, 0xff, 0xe0]);
    const body = Buffer.from(JSON.stringify({ file: file.toString('base64'), email: 'big@example.com' }));
    // How long the event loop is held meanwhile is measured by make bench (image path), in a process of its own.
    const answers = await Promise.all(Array.from({ length: 3 }, () => post(body)));
    for (const answer of answers) {
      expect(await answer.json()).toEqual({ email: 'big@example.com', fileBytes: file.length, head: [0xff, 0xd8, 0xff, 0xe0] });
    }
  });

  it('answers bad bodies with body-parser error types, on the thread and inline', async () => {
    const big = 'A'.repeat(200 * 1024);
    for (const [body, type, message] of [
      [`{"file":"${big}`, 'entity.parse.failed', 'The request body is not valid JSON.'],
      ['{"file":', 'entity.parse.failed', 'The request body is not valid JSON.'],
      [`{"file":"data:image/png;base64,${big}"}`, 'entity.field.invalid', 'Send file without the "data:...;base64," prefix.'],
      [`{"file":"${big}!"}`, 'entity.field.invalid', 'file is not valid base64.'],
      ['{"file":"@@@@"}', 'entity.field.invalid', 'file is not valid base64.'],
      // Thousands of levels deep, on the thread (over 64 KB) and inline: refused, never left hanging.
      [`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`, 'entity.field.invalid', 'The request body is nested too deeply.'],
      [`${'{"a":'.repeat(9)}1${'}'.repeat(9)}`, 'entity.field.invalid', 'The request body is nested too deeply.'],
    ] as const) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ type, message });
    }
    const small = await post(JSON.stringify({ file: Buffer.from([1, 2, 3, 4]).toString('base64'), email: 'x@y.z' }));
    expect(await small.json()).toEqual({ email: 'x@y.z', fileBytes: 4, head: [1, 2, 3, 4] });
    const notText = await post(JSON.stringify({ file: 42 }));
    expect(await notText.json()).toEqual({ fileBytes: null, head: 42 });
  });

  it('inflates a gzip body first, and reads a body sent without a Content-Length', async () => {
    const file = Buffer.alloc(300 * 1024, 9);
    const json = JSON.stringify({ file: file.toString('base64'), email: 'z@example.com' });
    const gzipped = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: gzipSync(json) });
    expect(await gzipped.json()).toEqual({ email: 'z@example.com', fileBytes: file.length, head: [9, 9, 9, 9] });
    const streamed = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new Blob([json]).stream(),
      duplex: 'half',
    });
    expect(await streamed.json()).toEqual({ email: 'z@example.com', fileBytes: file.length, head: [9, 9, 9, 9] });
  });

  it('refuses a charset other than UTF-8', async () => {
    const answer = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=latin1' }, body: '{}' });
    expect(answer.status).toBe(415);
  });
});

describe('largeJsonParser with an intake (the decoded fields taken on the thread)', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const app = express();
    const intake = { module: new URL('./support/byte-count-intake.js', import.meta.url).href, options: { tag: 'route options' } };
    app.use(largeJsonParser(20 * 1024 * 1024, ['file'], intake));
    app.post('/take', (req, res) => {
      const { file, email } = req.body as { file?: unknown; email?: unknown };
      res.json({ email, taken: file instanceof TakenBinary ? file.answer : null, sent: file instanceof TakenBinary ? null : file });
    });
    ({ server, url } = await listen(app, '/take'));
  });

  afterAll(() => stopServing(server));

  const post = (body: unknown) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('hands large and small uploads to the intake on the decoding thread, and only its answer to the route', async () => {
    const large = Buffer.alloc(2 * 1024 * 1024, 7);
    large.set([0xff, 0xd8, 0xff]);
    for (const file of [large, Buffer.from([1, 2, 3])]) {
      const answer = await post({ file: file.toString('base64'), email: 'a@b.co' });
      expect(await answer.json()).toEqual({
        email: 'a@b.co',
        taken: { field: 'file', bytes: file.length, head: [...file.subarray(0, 4)], options: { tag: 'route options' }, onDecodingThread: true },
        sent: null,
      });
    }
  });

  it('never takes a made-up answer sent in the field: it stays what the client sent, for validation to refuse', async () => {
    const forged = { field: 'file', bytes: 3, head: [1, 2, 3], options: { tag: 'route options' }, onDecodingThread: true };
    expect(await (await post({ file: forged })).json()).toEqual({ taken: null, sent: forged });
  });
});
