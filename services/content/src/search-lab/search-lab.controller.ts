import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { sendListPage } from '@agency/server-kit';
import type { Response } from 'express';
import { OrderedContentListQuery } from '../common/ordered-content-list.query.js';
import type { SearchLabEntry } from '@agency/shared';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { PublicRead } from '../common/public-read.decorator.js';
import { ReorderInput } from '../common/reorder.js';
import { SearchLabEntryInput } from './search-lab-entry.dto.js';
import { SearchLabService } from './search-lab.service.js';

@Controller('api/search-lab-entries')
export class SearchLabController {
  constructor(private readonly searchLab: SearchLabService) {}

  @Get()
  @PublicRead()
  list(): Promise<SearchLabEntry[]> {
    return this.searchLab.listPublished();
  }

  @Get(':idOrSlug')
  @PublicRead()
  findOne(@Param('idOrSlug') idOrSlug: string): Promise<SearchLabEntry> {
    return this.searchLab.findPublished(idOrSlug);
  }
}

@Controller('api/admin/search-lab-entries')
export class AdminSearchLabController {
  constructor(private readonly searchLab: SearchLabService) {}

  @Get()
  async list(@Query() query: OrderedContentListQuery, @Res({ passthrough: true }) res: Response): Promise<SearchLabEntry[]> {
    return sendListPage(res, await this.searchLab.listPage(query));
  }

  /** Any entry, draft included: the editor's load and the public page's preview. */
  @Get(':idOrSlug')
  findOne(@Param('idOrSlug') idOrSlug: string): Promise<SearchLabEntry> {
    return this.searchLab.findAny(idOrSlug);
  }

  /** Drag-and-drop order, top first; declared before `:id` so that 'order' is not read as an id. */
  @Put('order')
  reorder(@Body() input: ReorderInput): Promise<SearchLabEntry[]> {
    return this.searchLab.reorder(input.ids);
  }

  @Post()
  create(@Body() input: SearchLabEntryInput): Promise<SearchLabEntry> {
    return this.searchLab.create(input);
  }

  @Put(':id')
  update(@Param('id', ParseIdPipe) id: number, @Body() input: SearchLabEntryInput): Promise<SearchLabEntry> {
    return this.searchLab.update(id, input);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.searchLab.remove(id);
  }
}
