import { Transform } from 'class-transformer';

/** Trims strings; other values pass through for the validators to refuse. */
export function Trim(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
}

/** Trims strings and reads an empty string as "not given". */
export function TrimToNull(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  });
}

export const HTTP_URL = { protocols: ['http', 'https'], require_protocol: true, require_valid_protocol: true };
