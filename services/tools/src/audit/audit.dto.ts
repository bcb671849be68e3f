import { DEFAULT_AUDIT_MODEL, TOOL_TEXT_LIMITS } from '@agency/shared';
import { Email, OptionalText, RequiredText } from '@agency/server-kit';
import { Matches } from 'class-validator';

/** Body of POST /api/llm-query: the query, an optional brand and website, the visitor's email and the model name. */
export class AuditInput {
  @RequiredText('query', TOOL_TEXT_LIMITS.query)
  query!: string;

  @OptionalText('brand', TOOL_TEXT_LIMITS.brand)
  brand?: string | null;

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
