import { BadRequestException, Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { isToolRequestId } from '@agency/shared';
import { isStreamId } from './tool-progress.hub.js';
import { ToolProgressStreams } from './tool-progress.streams.js';

export const BAD_REQUEST_ID_MESSAGE = 'The progress id must be a UUID v4 in lower case, such as 3b241101-e2bb-4255-8caf-4136c566a962.';

@Controller('api/tool-progress')
export class ToolProgressController {
  constructor(private readonly streams: ToolProgressStreams) {}

  /** Server-sent events of one tool request's progress (the event shapes are in @agency/shared tool-progress.ts). */
  @Get(':requestId')
  stream(@Param('requestId') requestId: string, @Req() req: Request, @Res() res: Response): void {
    if (!isToolRequestId(requestId)) throw new BadRequestException(BAD_REQUEST_ID_MESSAGE);
    const lastEventId = req.header('last-event-id');
    this.streams.stream(requestId, isStreamId(lastEventId) ? lastEventId : undefined, req.ip ?? 'unknown', res);
  }
}
