import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
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
  list(): Promise<YoutubeVideo[]> {
    return this.videos.listAll();
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
