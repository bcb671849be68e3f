/**
 * Fills a database (both services' migrations already applied, e.g. by `make start`) with leads at
 * volume, to try the admin panel as staff meet it:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/agency node bench/dist/src/seed-admin-volume.js [contact messages] [audits] [fan-outs]
 *
 * Defaults: 10,000 contact messages, 10,000 audits and 2,000 fan-out requests. Never for production data.
 */
import pg from 'pg';
import { seedAdminVolume } from './support/admin-volume-seed.js';

const count = (value: string | undefined, fallback: number): number => {
  const parsed = Number(value ?? fallback);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 5_000_000) throw new Error(`Not a count: ${value}`);
  return parsed;
};

async function main(): Promise<void> {
  const [contact, audits, fanOuts] = process.argv.slice(2);
  const volume = { contactMessages: count(contact, 10_000), audits: count(audits, 10_000), fanOuts: count(fanOuts, 2_000) };
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/agency' });
  await client.connect();
  try {
    const started = performance.now();
    await seedAdminVolume(client, volume);
    console.log(
      `Seeded ${volume.contactMessages.toLocaleString('en-GB')} contact messages, ${volume.audits.toLocaleString('en-GB')} audits and ${volume.fanOuts.toLocaleString('en-GB')} fan-out requests in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
