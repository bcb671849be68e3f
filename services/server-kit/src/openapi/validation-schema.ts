import { getMetadataStorage } from 'class-validator';

/** The JSON Schema keywords a validation rule translates to. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  contentEncoding?: string;
  items?: JsonSchema;
  maxItems?: number;
}

/** A class a controller takes as a parameter (a DTO). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- class-validator's storage is keyed by any constructor
export type DtoClass = abstract new (...args: any[]) => object;

interface ValidationRule {
  propertyName: string;
  type: string;
  name?: string;
  constraints?: unknown[];
  /** The rule checks each element of an array. */
  each?: boolean;
}

/** One property of a request DTO as the API description states it. */
export interface PropertySchema extends JsonSchema {
  required: boolean;
  nullable?: boolean;
}

/**
 * A request DTO's properties, read from its class-validator rules: the rules that check each
 * request are the ones the description states, so the two cannot drift apart. Rules without a JSON
 * Schema equivalent (a custom check) leave the property as its declared type.
 */
export function propertiesFromValidation(dto: DtoClass): Map<string, PropertySchema> {
  const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false) as ValidationRule[];
  const properties = new Map<string, PropertySchema>();
  for (const rule of rules) {
    let property = properties.get(rule.propertyName);
    if (!property) {
      property = { ...declaredType(dto, rule.propertyName), required: true };
      properties.set(rule.propertyName, property);
    }
    if (rule.type === 'conditionalValidation') {
      // IsOptional also lets null through; a bare ValidateIf (OmittableNotNull) only lets the field be left out.
      property.required = false;
      if (rule.name === 'isOptional') property.nullable = true;
    } else if (rule.each) {
      applyRule((property.items ??= {}), rule.name, rule.constraints ?? []);
    } else {
      applyRule(property, rule.name, rule.constraints ?? []);
    }
  }
  return properties;
}

function declaredType(dto: DtoClass, property: string): JsonSchema {
  const type = Reflect.getMetadata('design:type', dto.prototype as object, property) as unknown;
  if (type === String) return { type: 'string' };
  if (type === Number) return { type: 'number' };
  if (type === Boolean) return { type: 'boolean' };
  if (type === Array) return { type: 'array' };
  return {};
}

function applyRule(property: JsonSchema, name: string | undefined, constraints: unknown[]): void {
  const [first] = constraints;
  switch (name ?? '') {
    case 'isString':
      property.type = 'string';
      break;
    case 'isNotEmpty':
      property.minLength = Math.max(property.minLength ?? 0, 1);
      break;
    case 'minLength':
      property.minLength = first as number;
      break;
    case 'maxLength':
      property.maxLength = first as number;
      break;
    case 'matches':
      if (first instanceof RegExp) property.pattern = first.source;
      break;
    case 'isEmail':
      property.format = 'email';
      break;
    case 'isUrl':
      property.format = 'uri';
      break;
    case 'isIso8601':
      property.format = 'date-time';
      break;
    case 'isInt':
      property.type = 'integer';
      break;
    case 'isNumber':
      property.type = 'number';
      break;
    case 'min':
      property.minimum = first as number;
      break;
    case 'max':
      property.maximum = first as number;
      break;
    case 'isArray':
      property.type = 'array';
      break;
    case 'arrayMaxSize':
      property.maxItems = first as number;
      break;
    case 'isBoolean':
      property.type = 'boolean';
      break;
    case 'isIn':
      property.enum = first as unknown[];
      break;
    case 'base64Bytes':
      property.type = 'string';
      property.contentEncoding = 'base64';
      break;
    default:
      break;
  }
}
