import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { type MediaAsset, TEXT_LIMITS } from '@agency/shared';
import { RequiredText } from '@agency/server-kit';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { MediaUploadInput } from './media-upload.dto.js';
import { MediaService } from './media.service.js';

/** The path whose JSON body may be large, with `data` as base64 (http-app.ts). */
export const MEDIA_UPLOAD_PATH = '/api/admin/media';

class MediaAltInput {
  @RequiredText('alt', TEXT_LIMITS.imageAlt)
  alt!: string;
}

@Controller('api/admin/media')
export class AdminMediaController {
  constructor(private readonly media: MediaService) {}

  @Get()
  list(): Promise<MediaAsset[]> {
    return this.media.list();
  }

  @Post()
  upload(@Body() input: MediaUploadInput): Promise<MediaAsset> {
    return this.media.upload(input);
  }

  @Put(':id')
  updateAlt(@Param('id', ParseIdPipe) id: number, @Body() input: MediaAltInput): Promise<MediaAsset> {
    return this.media.updateAlt(id, input.alt);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.media.remove(id);
  }
}
