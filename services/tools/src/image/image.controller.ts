import { Body, Controller, HttpCode, Inject, Post, UnprocessableEntityException, UseGuards } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { TOOLS_REDIS } from '../api/tools-redis.provider.js';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { type ImageAnswer, requestDeadlineMs } from '../jobs/tool-jobs.js';
import { ProgressRequestId } from '../progress/progress-request-id.decorator.js';
import { ToolQueue } from '../queue/tool-queue.js';
import { ToolRateLimitGuard } from '../rate-limit/tool-rate-limit.guard.js';
import { ImageInput } from './image.dto.js';
import { checkImageHeader, UnreadableImageError } from './image-normaliser.js';
import { readImageUpload } from './image-upload.js';
import { storeImageUpload } from './image-upload-store.js';

@Controller('api/analyze-image')
export class ImageController {
  constructor(
    private readonly queue: ToolQueue,
    @Inject(TOOLS_REDIS) private readonly redis: Redis,
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
  ) {}

  /** Cheap checks here (size, magic bytes, header dimensions); decoding and resizing happen in the worker. */
  @Post()
  @HttpCode(200)
  @UseGuards(ToolRateLimitGuard)
  async run(@Body() input: ImageInput, @ProgressRequestId() progressId?: string): Promise<ImageAnswer> {
    const { bytes } = readImageUpload(input.imageBase64);
    try {
      await checkImageHeader(bytes);
    } catch (error) {
      if (error instanceof UnreadableImageError) throw new UnprocessableEntityException(error.message);
      throw error;
    }
    const uploadKey = await storeImageUpload(this.redis, bytes, requestDeadlineMs('image', this.config.modelDeadlineMs, this.config.queueWaitMs));
    return this.queue.run('image', { email: input.email, uploadKey }, { progressId });
  }
}
