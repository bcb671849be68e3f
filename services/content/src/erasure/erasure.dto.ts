import { Email } from '@agency/server-kit';

/** Body of POST /api/admin/erasures: the address whose data is erased. */
export class ErasureRequest {
  @Email()
  email!: string;
}
