import { Email } from '@agency/server-kit';
import { IsNotEmpty, IsString } from 'class-validator';

/** Body of POST /api/analyze-image (SPEC §3): base64 without a data: prefix. */
export class ImageInput {
  @IsString({ message: 'imageBase64 must be text.' })
  @IsNotEmpty({ message: 'imageBase64 is required.' })
  imageBase64!: string;

  @Email()
  email!: string;
}
