import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { sendListPage } from '@agency/server-kit';
import type { Response } from 'express';
import { OrderedContentListQuery } from '../common/ordered-content-list.query.js';
import type { YoutubeVideo } from '@agency/shared';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { PublicRead } from '../common/public-read.decorator.js';
import { ReorderInput } from '../common/reorder.js';
import { YoutubeVideoInput } from './youtube-video.dto.js';
import { YoutubeVideosService } from './youtube-videos.service.js';

@Controller('api/youtube-videos')
export class YoutubeVideosController {
  constructor(private readonly videos: YoutubeVideosService) {}

  @Get()
  @PublicRead()
  list(): Promise<YoutubeVideo[]> {
    return this.videos.listPublished();
  }
}

@Controller('api/admin/youtube-videos')
export class AdminYoutubeVideosController {
  constructor(private readonly videos: YoutubeVideosService) {}

  @Get()
  async list(@Query() query: OrderedContentListQuery, @Res({ passthrough: true }) res: Response): Promise<YoutubeVideo[]> {
    return sendListPage(res, await this.videos.listPage(query));
  }

  /** Drag-and-drop order, top first; declared before `:id` so that 'order' is not read as an id. */
  @Put('order')
  reorder(@Body() input: ReorderInput): Promise<YoutubeVideo[]> {
    return this.videos.reorder(input.ids);
  }

  @Post()
  create(@Body() input: YoutubeVideoInput): Promise<YoutubeVideo> {
    return this.videos.create(input);
  }

  @Put(':id')
  update(@Param('id', ParseIdPipe) id: number, @Body() input: YoutubeVideoInput): Promise<YoutubeVideo> {
    return this.videos.update(id, input);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.videos.remove(id);
  }
}
