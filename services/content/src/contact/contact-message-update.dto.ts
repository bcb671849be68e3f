import { CONTACT_BULK_ACTIONS, CONTACT_BULK_MAX_IDS, CONTACT_NOTE_MAX_CHARS, CONTACT_STATUSES, type ContactBulkAction, type ContactStatus } from '@agency/shared';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, MaxLength, Min, ValidateIf } from 'class-validator';

/** Body of PATCH /api/admin/contact-messages/{id}: a new status, a new note (empty clears it), or both. */
export class ContactMessageUpdate {
  @IsOptional()
  @IsIn(CONTACT_STATUSES, { message: `status must be one of ${CONTACT_STATUSES.join(', ')}.` })
  status?: ContactStatus;

  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @ValidateIf((_object, value: unknown) => value !== undefined && value !== null)
  @IsString({ message: 'note must be text.' })
  @MaxLength(CONTACT_NOTE_MAX_CHARS, { message: `note must be at most ${CONTACT_NOTE_MAX_CHARS} characters.` })
  note?: string | null;
}

const IDS_MESSAGE = `ids must be a list of 1 to ${CONTACT_BULK_MAX_IDS} message numbers.`;

/** Body of POST /api/admin/contact-messages/bulk. */
export class ContactMessageBulkAction {
  @IsIn(CONTACT_BULK_ACTIONS, { message: `action must be one of ${CONTACT_BULK_ACTIONS.join(', ')}.` })
  action!: ContactBulkAction;

  @IsArray({ message: IDS_MESSAGE })
  @ArrayMinSize(1, { message: IDS_MESSAGE })
  @ArrayMaxSize(CONTACT_BULK_MAX_IDS, { message: IDS_MESSAGE })
  @IsInt({ each: true, message: IDS_MESSAGE })
  @Min(1, { each: true, message: IDS_MESSAGE })
  ids!: number[];
}
