import { TOOL_TEXT_LIMITS } from '@agency/shared';
import { Email, RequiredText } from '@agency/server-kit';

/** Body of POST /api/query-fan-out: keyword, the visitor's website and email, all required. */
export class SemanticExpansionInput {
  @RequiredText('keyword', TOOL_TEXT_LIMITS.keyword)
  keyword!: string;

  @RequiredText('website', TOOL_TEXT_LIMITS.website)
  website!: string;

  @Email()
  email!: string;
}
