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
      const forbidden = findForbiddenKey(value);
      if (forbidden) throw new BadRequestException(`Unknown field "${forbidden}" is not allowed.`);
    }
    return super.transform(value, metadata);
  }
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** class-transformer skips these keys silently; refuse them like any other unknown field. */
function findForbiddenKey(value: unknown, depth = 0): string | undefined {
  if (typeof value !== 'object' || value === null || depth > 8) return undefined;
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) return key;
    const nested = findForbiddenKey((value as Record<string, unknown>)[key], depth + 1);
    if (nested) return `${key}.${nested}`;
  }
  return undefined;
}

export function describeErrors(errors: ValidationError[], parent = ''): string {
  const sentences: string[] = [];
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    if ('whitelistValidation' in constraints) {
      sentences.push(`Unknown field "${field}" is not allowed.`);
    } else {
      const first = mostTellingConstraint(constraints);
      if (first) sentences.push(sentence(first));
    }
    if (error.children?.length) sentences.push(describeErrors(error.children, field));
  }
  return sentences.join(' ') || 'The request is not valid.';
}

/** Presence first, then type, then the finer rules: "title is required" says more than "title is too long". */
const CONSTRAINT_PRIORITY = ['isNotEmpty', 'isDefined', 'isString', 'isInt', 'isNumber', 'isBoolean', 'isObject', 'isArray'];

function mostTellingConstraint(constraints: Record<string, string>): string | undefined {
  const key = CONSTRAINT_PRIORITY.find((name) => name in constraints) ?? Object.keys(constraints)[0];
  return key === undefined ? undefined : constraints[key];
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
