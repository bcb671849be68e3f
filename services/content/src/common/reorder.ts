import { BadRequestException } from '@nestjs/common';
import { ArrayMaxSize, IsArray, IsInt, Min } from 'class-validator';

/** Body of the PUT .../order routes: every item's id, top of the list first. */
export class ReorderInput {
  @IsArray({ message: 'ids must be a list of ids, top first.' })
  @ArrayMaxSize(1000, { message: 'ids must hold at most 1000 ids.' })
  @IsInt({ each: true, message: 'ids must hold whole numbers only.' })
  @Min(1, { each: true, message: 'ids must hold whole numbers only.' })
  ids!: number[];
}

export const REORDER_MISMATCH = 'The list has changed since it was loaded: reload the page and drag again.';

/** A new order must name every item exactly once, so no position is lost or doubled. */
export function requireSameIds(existing: number[], ordered: number[]): void {
  const known = new Set(existing);
  if (ordered.length !== known.size || new Set(ordered).size !== ordered.length || !ordered.every((id) => known.has(id))) {
    throw new BadRequestException(REORDER_MISMATCH);
  }
}
