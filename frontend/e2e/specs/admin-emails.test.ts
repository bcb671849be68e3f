import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { expectToast, openTab, record, signIn, useAdminBrowser } from '../support/admin-console.js';
import { e2eSql } from '../support/e2e-database.js';
import { e2eStack } from '../support/e2e-env.js';

const stamp = Date.now();
const subject = `Your AI Search Audit report ${stamp}`;

/** Recipients of what the mail catcher `make start` runs has received (maildev's API). */
async function caughtRecipients(): Promise<string[]> {
  const response = await fetch(`http://127.0.0.1:${e2eStack.mailCatcherWebPort}/api/email`);
  return ((await response.json()) as { to: { address: string }[] }[]).flatMap((email) => email.to.map((to) => to.address));
}

void describe('the Emails tab: what the site sent, what failed and why, and a retry', () => {
  const admin = useAdminBrowser();

  before(async () => {
    await admin.open();
    // An email that failed: SMTP refused it for good, as a bounce does.
    await e2eSql(
      `INSERT INTO email_outbox (idempotency_key, kind, to_address, subject, person_email, payload, status, attempts, error)
       VALUES ($1, 'audit-report', $2, $3, $2, $4, 'failed', 1, 'Bounced: 550 5.1.1 Mailbox unavailable')`,
      [`e2e:${stamp}`, `bounced-${stamp}@example.com`, subject, JSON.stringify({ question: `e2e ${stamp}`, reportUrl: `${e2eStack.gatewayUrl}/` })],
    );
  });
  after(() => admin.close());

  void test('shows the failed email with its error, and Retry sends it', async () => {
    const { page, errors } = await signIn(admin.state.context);
    const panel = await openTab(page, 'Emails');
    await panel.getByLabel('Search emails').fill(String(stamp));
    const row = record(panel, subject);
    await row.locator('.badge', { hasText: /^Failed$/ }).waitFor();
    await row.getByText('Bounced: 550 5.1.1 Mailbox unavailable').waitFor();
    await row.getByRole('button', { name: `Retry: ${subject} to bounced-${stamp}@example.com` }).click();
    await expectToast(page, 'Success', 'Queued to be sent again.');
    // The sender takes it from the outbox and the mail catcher receives it.
    const deadline = Date.now() + 30_000;
    while (!(await caughtRecipients()).includes(`bounced-${stamp}@example.com`)) {
      assert.ok(Date.now() < deadline, 'the retried email did not arrive');
      await sleep(250);
    }
    const [stored] = await e2eSql(`SELECT status FROM email_outbox WHERE idempotency_key = $1`, [`e2e:${stamp}`]);
    assert.equal(stored?.status, 'sent');
    await page.reload();
    const reopened = await openTab(page, 'Emails');
    await reopened.getByLabel('Search emails').fill(String(stamp));
    await record(reopened, subject).locator('.badge', { hasText: /^Sent$/ }).waitFor();
    assert.deepEqual(errors, []);
  });
});
