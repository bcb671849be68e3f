import { TEXT_LIMITS } from '@agency/shared';
import { Email, Honeypot, OptionalText, RequiredText } from '@agency/server-kit';

/** Body of POST /api/contact. */
export class ContactInput {
  @RequiredText('name', TEXT_LIMITS.personName)
  name!: string;

  @Email()
  email!: string;

  @OptionalText('company', TEXT_LIMITS.company)
  company?: string | null;

  @RequiredText('message', TEXT_LIMITS.contactMessage)
  message!: string;

  /** HONEYPOT_FIELD: hidden from people, so it must arrive empty or not at all. */
  @Honeypot()
  homepage?: string;
}
