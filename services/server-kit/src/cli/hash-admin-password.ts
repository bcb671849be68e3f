import { createInterface } from 'node:readline';
import { hashAdminPassword } from '../admin/admin-password.js';

/** `npm run hash-password`: reads a password from standard input and prints its argon2id hash for ADMIN_PASSWORD_HASH. */
async function main(): Promise<void> {
  const lines = createInterface({ input: process.stdin, terminal: false });
  let password = '';
  for await (const line of lines) {
    password = line;
    break;
  }
  lines.close();
  if (!password) throw new Error('Type the password on standard input.');
  console.log(await hashAdminPassword(password));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
