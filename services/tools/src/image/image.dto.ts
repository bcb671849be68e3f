import { Base64Bytes, Email } from '@agency/server-kit';

/**
 * Body of POST /api/analyze-image (SPEC §3): the image as base64 text without a data: prefix.
 * The body parser decodes it off the event loop (configureHttpApp's base64Fields), so the
 * controller receives the bytes.
 */
export class ImageInput {
  @Base64Bytes('imageBase64')
  imageBase64!: Buffer;

  @Email()
  email!: string;
}
