import { Body, Controller, HttpCode, Post, UnprocessableEntityException, UseGuards } from '@nestjs/common';
import type { ImageAnswer } from '../jobs/tool-jobs.js';
import { ProgressRequestId } from '../progress/progress-request-id.decorator.js';
import { ToolQueue } from '../queue/tool-queue.js';
import { ToolRateLimitGuard } from '../rate-limit/tool-rate-limit.guard.js';
import { ImageInput } from './image.dto.js';
import { checkImageHeader, UnreadableImageError } from './image-normaliser.js';
import { readImageUpload } from './image-upload.js';

@Controller('api/analyze-image')
export class ImageController {
  constructor(private readonly queue: ToolQueue) {}

  /** Cheap checks here (size, magic bytes, header dimensions); decoding and resizing happen in the worker. */
  @Post()
  @HttpCode(200)
  @UseGuards(ToolRateLimitGuard)
  async run(@Body() input: ImageInput, @ProgressRequestId() progressId?: string): Promise<ImageAnswer> {
    const { base64, bytes } = readImageUpload(input.imageBase64);
    try {
      await checkImageHeader(bytes);
    } catch (error) {
      if (error instanceof UnreadableImageError) throw new UnprocessableEntityException(error.message);
      throw error;
    }
    return this.queue.run('image', { email: input.email, imageBase64: base64 }, { progressId });
  }
}
