import { csvDocument, type ContactMessage } from '@agency/shared';

const HEADER = ['id', 'received_at', 'name', 'email', 'company', 'message', 'status', 'note', 'updated_at'];

/** The Contact Messages tab's export, formula-safe like every admin CSV. */
export function contactMessagesCsv(messages: readonly ContactMessage[]): string {
  return csvDocument(
    HEADER,
    messages.map((message) => [
      String(message.id),
      message.createdAt,
      message.name,
      message.email,
      message.company ?? '',
      message.message,
      message.status,
      message.note ?? '',
      message.updatedAt,
    ]),
  );
}
