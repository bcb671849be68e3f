import { EMAIL_PATTERN, TEXT_LIMITS } from '@agency/shared';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Trim, TrimToNull } from '../common/dto-transforms.js';
import { EMAIL_MESSAGE } from '../subscribers/newsletter.dto.js';

/** Body of POST /api/contact. */
export class ContactInput {
  @Trim()
  @IsString({ message: 'name must be text.' })
  @IsNotEmpty({ message: 'name is required.' })
  @MaxLength(TEXT_LIMITS.personName, { message: `name must be at most ${TEXT_LIMITS.personName} characters.` })
  name!: string;

  @Trim()
  @IsString({ message: EMAIL_MESSAGE })
  @IsNotEmpty({ message: 'email is required.' })
  @MaxLength(TEXT_LIMITS.email, { message: `email must be at most ${TEXT_LIMITS.email} characters.` })
  @Matches(EMAIL_PATTERN, { message: EMAIL_MESSAGE })
  email!: string;

  @TrimToNull()
  @IsOptional()
  @IsString({ message: 'company must be text.' })
  @MaxLength(TEXT_LIMITS.company, { message: `company must be at most ${TEXT_LIMITS.company} characters.` })
  company?: string | null;

  @Trim()
  @IsString({ message: 'message must be text.' })
  @IsNotEmpty({ message: 'message is required.' })
  @MaxLength(TEXT_LIMITS.contactMessage, { message: `message must be at most ${TEXT_LIMITS.contactMessage} characters.` })
  message!: string;
}
