import { TEXT_LIMITS } from '@agency/shared';
import { Base64Bytes, OptionalText, RequiredText } from '@agency/server-kit';

/** Body of POST /api/admin/media: the file as base64 (decoded by the body parser) and its alt text. */
export class MediaUploadInput {
  @Base64Bytes('data')
  data!: Buffer;

  @RequiredText('alt', TEXT_LIMITS.imageAlt)
  alt!: string;

  @OptionalText('fileName', 255)
  fileName?: string | null;
}
