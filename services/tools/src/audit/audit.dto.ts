import { DEFAULT_AUDIT_MODEL, MAX_AUDIT_COMPETITORS, TOOL_TEXT_LIMITS } from '@agency/shared';
import { Email, OptionalText, RequiredText } from '@agency/server-kit';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** Body of POST /api/llm-query: the query, an optional brand, competitors and website, the visitor's email and the model name. */
export class AuditInput {
  @RequiredText('query', TOOL_TEXT_LIMITS.query)
  query!: string;

  /** One brand; several names of the same brand are separated by commas. */
  @OptionalText('brand', TOOL_TEXT_LIMITS.brand)
  brand?: string | null;

  /** Other brands to measure beside it, each under its own name. */
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((name: unknown) => (typeof name === 'string' ? name.trim() : name)) : value))
  @IsOptional()
  @IsArray({ message: 'competitors must be a list of names.' })
  @ArrayMaxSize(MAX_AUDIT_COMPETITORS, { message: `competitors can name at most ${MAX_AUDIT_COMPETITORS} brands.` })
  @IsString({ each: true, message: 'each competitor must be text.' })
  @IsNotEmpty({ each: true, message: 'each competitor needs a name.' })
  @MaxLength(TOOL_TEXT_LIMITS.brand, { each: true, message: `each competitor must be at most ${TOOL_TEXT_LIMITS.brand} characters.` })
  competitors?: string[] | null;

  /** The visitor's own site, to say whether the answers cite it. */
  @OptionalText('website', TOOL_TEXT_LIMITS.website)
  website?: string | null;

  @Email()
  email!: string;

  /** Recorded with the query; the worker always asks each provider's configured model. */
  @OptionalText('model', TOOL_TEXT_LIMITS.model)
  @Matches(/^[A-Za-z0-9._:-]+$/, { message: 'model must be a model name such as gpt-4o.' })
  model?: string | null = DEFAULT_AUDIT_MODEL;
}
