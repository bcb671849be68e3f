import { EMAIL_PATTERN, TEXT_LIMITS } from '@agency/shared';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { Trim } from '../common/dto-transforms.js';

const BAD_LINK = 'This unsubscribe link is not complete. Please use the link from your most recent email.';

export const EMAIL_MESSAGE = 'email must be a valid email address, such as name@example.com.';

/** Body of POST /api/newsletter. */
export class NewsletterSignupInput {
  @Trim()
  @IsString({ message: EMAIL_MESSAGE })
  @IsNotEmpty({ message: 'email is required.' })
  @MaxLength(TEXT_LIMITS.email, { message: `email must be at most ${TEXT_LIMITS.email} characters.` })
  @Matches(EMAIL_PATTERN, { message: EMAIL_MESSAGE })
  email!: string;
}

/** Query (and form body) of the unsubscribe link. */
export class UnsubscribeInput {
  @IsString({ message: BAD_LINK })
  @MaxLength(TEXT_LIMITS.email, { message: BAD_LINK })
  email!: string;

  @IsString({ message: BAD_LINK })
  @MaxLength(128, { message: BAD_LINK })
  token!: string;
}
