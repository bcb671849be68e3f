import { type ArgumentMetadata, BadRequestException, Injectable, ValidationPipe, type ValidationError } from '@nestjs/common';
import { TakenBinary } from './binary-intake.js';
import { getMetadataStorage } from 'class-validator';
import { bodyShapeProblem, MAX_BODY_DEPTH } from './json-body-decoding.js';

export const NO_BODY_MESSAGE = 'The request has no body: send it as JSON with the Content-Type application/json.';

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
      // Express leaves the body undefined when nothing was sent: refused here, before a handler,
      // an interceptor or the activity log reads it.
      if (value === undefined) throw new BadRequestException(NO_BODY_MESSAGE);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new BadRequestException('The request body must be a JSON object.');
      }
      // Bounded checks first: everything after them walks the body's fields.
      const unknown = unknownFieldsMessage(value, metadata.metatype);
      if (unknown) throw new BadRequestException(unknown);
      const shape = bodyShapeProblem(value);
      if (shape) throw new BadRequestException(shape);
    }
    const problem = textProblem(value);
    if (problem) throw new BadRequestException(problem);
    if (metadata.type === 'body') {
      const forbidden = findForbiddenKey(value);
      if (forbidden) throw new BadRequestException(`Unknown field "${shown(forbidden)}" is not allowed.`);
      return this.transformWithBinaryFields(value as Record<string, unknown>, metadata);
    }
    return super.transform(value, metadata);
  }

  /**
   * Decoded uploads (configureHttpApp's base64Fields) arrive as Buffers, which class-transformer
   * would copy: 10 MB on the event loop for an image. Validation sees a one-byte view of each
   * (its validators check type and presence: Base64Bytes), and the DTO gets the Buffer itself.
   * A field taken on the decoding thread (TakenBinary) goes through the same way.
   */
  private async transformWithBinaryFields(body: Record<string, unknown>, metadata: ArgumentMetadata): Promise<unknown> {
    const binaries = Object.entries(body).filter((entry): entry is [string, Buffer | TakenBinary] => Buffer.isBuffer(entry[1]) || entry[1] instanceof TakenBinary);
    if (binaries.length === 0) return super.transform(body, metadata);
    const standIn = { ...body, ...Object.fromEntries(binaries.map(([field, bytes]) => [field, Buffer.isBuffer(bytes) ? bytes.subarray(0, 1) : TAKEN_STAND_IN])) };
    const dto = (await super.transform(standIn, metadata)) as Record<string, unknown>;
    for (const [field, bytes] of binaries) dto[field] = bytes;
    return dto;
  }
}

/** The fields a DTO declares (any class-validator decorator), read once per class. */
const declaredFields = new WeakMap<object, ReadonlySet<string>>();

function fieldsOf(dto: abstract new (...args: never[]) => unknown): ReadonlySet<string> | undefined {
  let fields = declaredFields.get(dto);
  if (!fields) {
    const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', false, false);
    if (rules.length === 0) return undefined;
    fields = new Set(rules.map((rule) => rule.propertyName));
    declaredFields.set(dto, fields);
  }
  return fields;
}

/** How many unknown fields a refusal names; the rest are counted. */
const NAMED_UNKNOWN_FIELDS = 3;

/**
 * The sentence refusing a body's fields that its DTO does not declare, in one pass over the
 * top-level keys whatever their number (class-validator's own whitelist check writes a sentence
 * per field).
 */
function unknownFieldsMessage(body: object, metatype: ArgumentMetadata['metatype']): string | undefined {
  const fields = metatype ? fieldsOf(metatype as abstract new (...args: never[]) => unknown) : undefined;
  if (!fields) return undefined;
  const named: string[] = [];
  let others = 0;
  for (const key of Object.keys(body)) {
    if (fields.has(key)) continue;
    if (named.length < NAMED_UNKNOWN_FIELDS) named.push(`"${shown(key)}"`);
    else others++;
  }
  if (named.length === 0) return undefined;
  if (named.length === 1) return `Unknown field ${named[0]} is not allowed.`;
  const list = others > 0 ? `${named.join(', ')} and ${others.toLocaleString('en-GB')} others` : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  return `Unknown fields ${list} are not allowed.`;
}

/** What validation sees for a taken field: present, and bytes. */
const TAKEN_STAND_IN = Buffer.alloc(1);

/** Objects and arrays from JSON; not the Buffers that decoded base64 fields arrive as (their bytes are no keys). */
function isWalkable(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value) && !(value instanceof TakenBinary);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text no service can take, in any body, query or path value (keys included), found in one walk:
 * Postgres text cannot hold U+0000, and half of a UTF-16 pair cannot be stored or sent on as
 * UTF-8 (it would become U+FFFD).
 */
function textProblem(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return 'The request contains a NUL character, which is not allowed in text.';
    if (LONE_SURROGATE.test(value)) return 'The request contains text that is not valid Unicode (half of a surrogate pair).';
    return undefined;
  }
  if (!isWalkable(value) || depth > MAX_BODY_DEPTH) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const problem = textProblem(key, depth) ?? textProblem(child, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/** A field name as quoted in a message: control characters out, and short, whatever was sent. */
function shown(field: string): string {
  const printable = field.replace(/\p{Cc}/gu, '').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\ufffd');
  return printable.length > 60 ? `${printable.slice(0, 59)}…` : printable;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** class-transformer skips these keys silently; refuse them like any other unknown field. */
function findForbiddenKey(value: unknown, depth = 0): string | undefined {
  if (!isWalkable(value) || depth > MAX_BODY_DEPTH) return undefined;
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
      sentences.push(`Unknown field "${shown(field)}" is not allowed.`);
    } else {
      const first = mostTellingConstraint(constraints);
      if (first) sentences.push(sentence(first));
    }
    if (error.children?.length) sentences.push(describeErrors(error.children, field));
  }
  return [...new Set(sentences)].join(' ') || 'The request is not valid.';
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
