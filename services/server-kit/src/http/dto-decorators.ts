import { applyDecorators } from '@nestjs/common';
import { EMAIL_PATTERN, TEXT_LIMITS } from '@agency/shared';
import { Transform } from 'class-transformer';
import { isSafeHeaderValue } from '../email/outbox.js';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, Max, MaxLength, Min, ValidateBy, ValidateIf } from 'class-validator';

const HTTP_URL = { protocols: ['http', 'https'], require_protocol: true, require_valid_protocol: true };

export const EMAIL_MESSAGE = 'email must be a valid email address, such as name@example.com.';

/** Trims strings; other values pass through for the validators to refuse. */
function Trim(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
}

/** Trims strings and reads an empty string as "not given". */
function TrimToNull(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  });
}

/** A required text field, trimmed, with messages naming the field. */
export function RequiredText(field: string, maxLength: number): PropertyDecorator {
  return applyDecorators(
    Trim(),
    IsString({ message: `${field} must be text.` }),
    IsNotEmpty({ message: `${field} is required.` }),
    MaxLength(maxLength, { message: `${field} must be at most ${maxLength} characters.` }),
  );
}

/** An optional text field; empty or missing is stored as null. */
export function OptionalText(field: string, maxLength: number): PropertyDecorator {
  return applyDecorators(
    TrimToNull(),
    IsOptional(),
    IsString({ message: `${field} must be text.` }),
    MaxLength(maxLength, { message: `${field} must be at most ${maxLength} characters.` }),
  );
}

/** An http or https URL. */
export function HttpUrl(field: string, { optional }: { optional: boolean }): PropertyDecorator {
  const url = IsUrl(HTTP_URL, { message: `${field} must be an http or https URL.` });
  return optional ? applyDecorators(OptionalText(field, TEXT_LIMITS.url), url) : applyDecorators(RequiredText(field, TEXT_LIMITS.url), url);
}

/** Text that may reach an email header (a name, a company): one line, no control characters. */
export function OneLine(field: string): PropertyDecorator {
  return ValidateBy({
    name: 'oneLine',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || isSafeHeaderValue(value),
      defaultMessage: () => `${field} must be on one line, without control characters.`,
    },
  });
}

export function Email(): PropertyDecorator {
  return applyDecorators(RequiredText('email', TEXT_LIMITS.email), Matches(EMAIL_PATTERN, { message: EMAIL_MESSAGE }));
}

/**
 * May be left out (the default applies), but not sent as null: IsOptional would let null through
 * to a NOT NULL column, which fails in the database instead of with a 400.
 */
function OmittableNotNull(): PropertyDecorator {
  return ValidateIf((_object, value: unknown) => value !== undefined);
}

export function PublishedFlag(): PropertyDecorator {
  return applyDecorators(OmittableNotNull(), IsBoolean({ message: 'published must be true or false.' }));
}

/** An optional whole number within bounds (the DTO supplies the default). */
export function OrderNumber(field: string, min: number, max: number): PropertyDecorator {
  const message = `${field} must be a whole number from ${min} to ${max}.`;
  return applyDecorators(OmittableNotNull(), IsInt({ message }), Min(min, { message }), Max(max, { message }));
}

/**
 * A required base64 text field of a large-body route (configureHttpApp's `base64Fields`): the
 * body parser has already decoded it, off the event loop, into a Buffer. Text that was not
 * base64 was refused there; what reaches this check is missing, empty or not text at all.
 */
export function Base64Bytes(field: string): PropertyDecorator {
  return ValidateBy({
    name: 'base64Bytes',
    validator: {
      validate: (value: unknown) => Buffer.isBuffer(value) && value.length > 0,
      defaultMessage: (args) => {
        const value: unknown = args?.value;
        const missing = value === undefined || value === null || Buffer.isBuffer(value) || (typeof value === 'string' && value.trim() === '');
        return missing ? `${field} is required.` : `${field} must be text.`;
      },
    },
  });
}
