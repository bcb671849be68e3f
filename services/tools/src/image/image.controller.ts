import { Body, Controller, HttpCode, HttpException, Inject, Post, ServiceUnavailableException, UseGuards } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { TOOLS_REDIS } from '../api/tools-redis.provider.js';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import type { ImageAnswer } from '../jobs/tool-jobs.js';
import { ProgressRequestId } from '../progress/progress-request-id.decorator.js';
import { QUEUE_DOWN_MESSAGE, ToolQueue } from '../queue/tool-queue.js';
import { ToolRateLimitGuard } from '../rate-limit/tool-rate-limit.guard.js';
import { ImageInput } from './image.dto.js';
import { claimImageUpload } from './image-upload-store.js';

@Controller('api/analyze-image')
export class ImageController {
  constructor(
    private readonly queue: ToolQueue,
    @Inject(TOOLS_REDIS) private readonly redis: Redis,
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
  ) {}

  /**
   * The upload was checked (size, magic bytes, header dimensions) and stored on the body-decoding
   * thread (image-upload-intake.ts); its answer is read here, after the rate limit and validation,
   * so refusals come in the same order as for every other tool. Decoding and resizing happen in the worker.
   */
  @Post()
  @HttpCode(200)
  @UseGuards(ToolRateLimitGuard)
  async run(@Body() input: ImageInput, @ProgressRequestId() progressId?: string): Promise<ImageAnswer> {
    const ticket = input.imageBase64.answer;
    if ('refused' in ticket) throw new HttpException(ticket.refused.message, ticket.refused.status);
    if ('storeUnavailable' in ticket || !(await claimImageUpload(this.redis, ticket.uploadKey, this.config.toolDeadlineMs.image))) {
      throw new ServiceUnavailableException(QUEUE_DOWN_MESSAGE);
    }
    return this.queue.run('image', { email: input.email, uploadKey: ticket.uploadKey, progressId });
  }
}
