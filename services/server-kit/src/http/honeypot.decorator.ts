import { applyDecorators } from '@nestjs/common';
import { HONEYPOT_REFUSAL } from '@agency/shared';
import { Equals, IsOptional } from 'class-validator';

/** The hidden field of a public form: absent or empty, else the post is refused with a sentence (docs/security.md, "Forms"). */
export function Honeypot(): PropertyDecorator {
  return applyDecorators(IsOptional(), Equals('', { message: HONEYPOT_REFUSAL }));
}
