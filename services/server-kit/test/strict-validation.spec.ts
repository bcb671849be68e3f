import { describe, expect, it } from '@jest/globals';
import { BadRequestException } from '@nestjs/common';
import { Base64Bytes, RequiredText } from '../src/http/dto-decorators.js';
import { StrictValidationPipe } from '../src/http/strict-validation.pipe.js';

class Upload {
  @Base64Bytes('file')
  file!: Buffer;

  @RequiredText('name', 50)
  name!: string;
}

const pipe = new StrictValidationPipe();
const asBody = { type: 'body' as const, metatype: Upload };

async function messageOf(value: unknown): Promise<string | undefined> {
  try {
    await pipe.transform(value, asBody);
    return undefined;
  } catch (error) {
    return error instanceof BadRequestException ? (error.getResponse() as { message: string }).message : String(error);
  }
}

describe('StrictValidationPipe', () => {
  it('refuses NUL characters and unpaired surrogates anywhere in the text, keys included', async () => {
    const bytes = Buffer.from([1, 2, 3]);
    expect(await messageOf({ file: bytes, name: 'a\u0000b' })).toMatch(/NUL character/);
    for (const bad of ['\ud800', 'x\udfff', 'broken pair \ud83d', '\ude00 low first']) {
      expect(await messageOf({ file: bytes, name: bad })).toMatch(/not valid Unicode/);
    }
    expect(await messageOf({ file: bytes, name: 'ok', ['\ud83d']: 1 })).toBe('Unknown field "\ufffd" is not allowed.');
    expect(await messageOf({ file: bytes, name: 'emoji 🧪 and L’Oréal' })).toBeUndefined();
  });

  it('hands decoded uploads to the DTO as the same Buffer, and names a missing or non-text one', async () => {
    const bytes = Buffer.alloc(4096, 7);
    const dto = (await pipe.transform({ file: bytes, name: ' Ada ' }, asBody)) as Upload;
    expect(dto).toBeInstanceOf(Upload);
    expect(dto.file).toBe(bytes);
    expect(dto.name).toBe('Ada');
    expect(await messageOf({ name: 'Ada' })).toBe('file is required.');
    expect(await messageOf({ file: '', name: 'Ada' })).toBe('file is required.');
    expect(await messageOf({ file: 12, name: 'Ada' })).toBe('file must be text.');
  });

  it('refuses a body with many unknown fields in one short sentence that names at most three', async () => {
    const body: Record<string, unknown> = { file: Buffer.from([1]), name: 'Ada' };
    for (let index = 0; index < 100_000; index++) body[`k${index}`] = index;
    const message = await messageOf(body);
    expect(message).toBe('Unknown fields "k0", "k1", "k2" and 99,997 others are not allowed.');
  });

  it('names one, two or three unknown fields in full', async () => {
    const known = { file: Buffer.from([1]), name: 'Ada' };
    expect(await messageOf({ ...known, extra: 1 })).toBe('Unknown field "extra" is not allowed.');
    expect(await messageOf({ ...known, a: 1, b: 2 })).toBe('Unknown fields "a" and "b" are not allowed.');
    expect(await messageOf({ ...known, a: 1, b: 2, c: 3 })).toBe('Unknown fields "a", "b" and "c" are not allowed.');
  });

  it('refuses a body holding more values than any route takes, nested ones included, before looking at them', async () => {
    const many = Array.from({ length: 5000 }, (_, index) => ({ [`k${index}`]: 'x' }));
    expect(await messageOf({ file: Buffer.from([1]), name: many })).toMatch(/^The request body holds more than 1,000 fields and values/);
  });

  it('refuses a request with no body at all in a sentence, so no handler or activity log sees a missing body', async () => {
    expect(await messageOf(undefined)).toBe('The request has no body: send it as JSON with the Content-Type application/json.');
    expect(await messageOf(null)).toBe('The request body must be a JSON object.');
  });
});
