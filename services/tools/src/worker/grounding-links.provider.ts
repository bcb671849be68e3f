import type { ToolsConfig } from '../config/tools-config.js';
import { GroundingLinks } from '../website/grounding-links.js';

/** Gemini's grounding links are followed under the site check's address policy. */
export function groundingLinksFor(config: ToolsConfig): GroundingLinks {
  return new GroundingLinks({
    userAgent: `AgenticAgencySiteCheck/1.0 (+${config.publicSiteUrl}/ai-search-audit)`,
    policy: { allowPrivateAddresses: config.siteCheck.testOnlyAllowPrivateAddresses, extraPorts: config.siteCheck.testOnlyAllowedPorts },
    geminiBaseUrl: config.providers.gemini.baseUrl,
  });
}
