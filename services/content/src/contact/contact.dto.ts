import { TEXT_LIMITS } from '@agency/shared';
import { Email, Honeypot, OneLine, OptionalText, RequiredText } from '@agency/server-kit';

/** Body of POST /api/contact. */
export class ContactInput {
  @RequiredText('name', TEXT_LIMITS.personName)
  // Names reach email subjects, where a line break could add headers of its own.
  @OneLine('name')
  name!: string;

  @Email()
  email!: string;

  @OptionalText('company', TEXT_LIMITS.company)
  @OneLine('company')
  company?: string | null;

  @RequiredText('message', TEXT_LIMITS.contactMessage)
  message!: string;

  /** HONEYPOT_FIELD: hidden from people, so it must arrive empty or not at all. */
  @Honeypot()
  homepage?: string;
}
