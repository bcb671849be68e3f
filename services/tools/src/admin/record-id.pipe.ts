import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { isNumericId } from '@agency/shared';

/** A record's numeric id from the path; anything else is a 400 naming the parameter. */
@Injectable()
export class RecordIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!isNumericId(value)) throw new BadRequestException('id must be a positive whole number.');
    return Number(value);
  }
}
