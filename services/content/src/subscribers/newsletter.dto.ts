import { TEXT_LIMITS } from '@agency/shared';
import { IsString, MaxLength } from 'class-validator';
import { Email, Honeypot } from '@agency/server-kit';

const BAD_LINK = 'This unsubscribe link is not complete. Please use the link from your most recent email.';

/** Body of POST /api/newsletter. */
export class NewsletterSignupInput {
  @Email()
  email!: string;

  /** HONEYPOT_FIELD: hidden from people, so it must arrive empty or not at all. */
  @Honeypot()
  homepage?: string;
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

const BAD_CONFIRMATION_LINK = 'This confirmation link is not complete. Please use the link from the email.';

/** Query of the confirmation link. */
export class ConfirmationInput {
  @IsString({ message: BAD_CONFIRMATION_LINK })
  @MaxLength(128, { message: BAD_CONFIRMATION_LINK })
  token!: string;
}
