import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ADMIN_SEARCH_MAX_CHARS, type MediaAsset, TEXT_LIMITS } from '@agency/shared';
import { RequiredText } from '@agency/server-kit';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { MediaUploadInput } from './media-upload.dto.js';
import { MediaService } from './media.service.js';

/** The path whose JSON body may be large, with `data` as base64 (http-app.ts). */
export const MEDIA_UPLOAD_PATH = '/api/admin/media';

class MediaAltInput {
  @RequiredText('alt', TEXT_LIMITS.imageAlt)
  alt!: string;
}

/** ?q=…: the library's search, in file names and alt texts. */
class MediaListQuery {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'q must be text.' })
  @MaxLength(ADMIN_SEARCH_MAX_CHARS, { message: `q must be at most ${ADMIN_SEARCH_MAX_CHARS} characters.` })
  q?: string;
}

@Controller('api/admin/media')
export class AdminMediaController {
  constructor(private readonly media: MediaService) {}

  @Get()
  list(@Query() query: MediaListQuery): Promise<MediaAsset[]> {
    return this.media.list(query.q);
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
