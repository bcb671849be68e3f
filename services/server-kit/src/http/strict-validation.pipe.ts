import { type ArgumentMetadata, BadRequestException, Injectable, ValidationPipe, type ValidationError } from '@nestjs/common';

/**
 * Validates DTOs with class-validator: strings trimmed by the DTOs, unknown fields refused,
 * and one readable sentence naming each bad field.
 */
@Injectable()
export class StrictValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => new BadRequestException(describeErrors(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body') {
      if (value === undefined) value = {};
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new BadRequestException('The request body must be a JSON object.');
      }
    }
    return super.transform(value, metadata);
  }
}

export function describeErrors(errors: ValidationError[], parent = ''): string {
  const sentences: string[] = [];
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    if ('whitelistValidation' in constraints) {
      sentences.push(`Unknown field "${field}" is not allowed.`);
    } else {
      const first = Object.values(constraints)[0];
      if (first) sentences.push(sentence(first));
    }
    if (error.children?.length) sentences.push(describeErrors(error.children, field));
  }
  return sentences.join(' ') || 'The request is not valid.';
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
