import { Base64Bytes, Email, type TakenBinary } from '@agency/server-kit';
import type { ImageUploadTicket } from './image-upload-intake.js';

/**
 * Body of POST /api/analyze-image: the image as base64 text without a data: prefix.
 * The body parser decodes it off the event loop and hands it to the image intake there
 * (configureHttpApp's base64Fields and intake), so the controller receives the intake's ticket.
 */
export class ImageInput {
  @Base64Bytes('imageBase64')
  imageBase64!: TakenBinary<ImageUploadTicket>;

  @Email()
  email!: string;
}
