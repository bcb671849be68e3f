import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { SITE_SEARCH_LIMITS, SITE_SEARCH_MESSAGES, type SiteSearchAnswer } from '@agency/shared';
import { PublicRead } from '../common/public-read.decorator.js';
import { SiteSearchService } from './site-search.service.js';

@Controller('api/search')
export class SiteSearchController {
  constructor(private readonly siteSearch: SiteSearchService) {}

  /** Published content, the FAQ and the site's pages matching `q`, best first, forgiving a typo (docs/search.md). */
  @Get()
  @PublicRead()
  async search(@Query('q') q: unknown): Promise<SiteSearchAnswer> {
    // ?q=a&q=b arrives as an array: not a search anyone typed.
    const query = typeof q === 'string' ? q.replace(/\s+/g, ' ').trim() : '';
    if (query === '') throw new BadRequestException(SITE_SEARCH_MESSAGES.emptyQuery);
    if (query.length > SITE_SEARCH_LIMITS.maxQueryLength) throw new BadRequestException(SITE_SEARCH_MESSAGES.queryTooLong);
    const { results, correctedQuery } = await this.siteSearch.search(query);
    return { query, ...(correctedQuery ? { correctedQuery } : {}), results };
  }
}
