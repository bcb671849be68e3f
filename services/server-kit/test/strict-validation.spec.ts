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
    expect(await messageOf({ file: bytes, name: 'ok', ['\ud83d']: 1 })).toMatch(/not valid Unicode/);
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
});
