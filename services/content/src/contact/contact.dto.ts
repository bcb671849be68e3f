import { TEXT_LIMITS } from '@agency/shared';
import { Email, Honeypot, OptionalText, RequiredText } from '@agency/server-kit';
import { Matches } from 'class-validator';

/** Names reach email subjects and headers, where a line break could add headers of its own. */
const ONE_LINE = /^[^\u0000-\u001f\u007f\u2028\u2029]*$/;

/** Body of POST /api/contact. */
export class ContactInput {
  @RequiredText('name', TEXT_LIMITS.personName)
  @Matches(ONE_LINE, { message: 'name must be on one line, without control characters.' })
  name!: string;

  @Email()
  email!: string;

  @OptionalText('company', TEXT_LIMITS.company)
  @Matches(ONE_LINE, { message: 'company must be on one line, without control characters.' })
  company?: string | null;

  @RequiredText('message', TEXT_LIMITS.contactMessage)
  message!: string;

  /** HONEYPOT_FIELD: hidden from people, so it must arrive empty or not at all. */
  @Honeypot()
  homepage?: string;
}
