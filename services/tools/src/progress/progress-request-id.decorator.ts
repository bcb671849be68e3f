import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { isToolRequestId, TOOL_REQUEST_ID_HEADER } from '@agency/shared';

/** The page's progress request id from the TOOL_REQUEST_ID_HEADER header; undefined when it asked for none. */
export const ProgressRequestId = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined => {
  const value = context.switchToHttp().getRequest<Request>().header(TOOL_REQUEST_ID_HEADER);
  if (value === undefined || value === '') return undefined;
  if (!isToolRequestId(value)) {
    throw new BadRequestException(`The ${TOOL_REQUEST_ID_HEADER} header must be a UUID v4 in lower case, or left out.`);
  }
  return value;
});
