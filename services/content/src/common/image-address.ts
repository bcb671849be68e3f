import { applyDecorators } from '@nestjs/common';
import { parseMediaUrl, TEXT_LIMITS } from '@agency/shared';
import { OptionalText } from '@agency/server-kit';
import { ValidateBy } from 'class-validator';

/** An optional image: an http or https URL, or a media library address (`/media/...`, docs/api.md). */
export function ImageAddress(field: string): PropertyDecorator {
  return applyDecorators(
    OptionalText(field, TEXT_LIMITS.url),
    ValidateBy({
      name: 'imageAddress',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && (parseMediaUrl(value) !== null || isHttpUrl(value)),
        defaultMessage: () => `${field} must be an http or https URL or an image from the media library.`,
      },
    }),
  );
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
