// node --test infra/scripts/audit-deps.test.mjs (part of npm run test:unit): the dependency check
// against a small OSV database in the library's own format (one OSV record per line).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'audit-deps.mjs');
const scratch = mkdtempSync(path.join(tmpdir(), 'audit-deps-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

// Shaped as osv.dev's records are: the library matches a package by its name and purl.
const advisories = [
  {
    id: 'GHSA-test-high',
    summary: 'Prototype pollution in left-pad',
    database_specific: { severity: 'HIGH' },
    affected: [{ package: { ecosystem: 'npm', name: 'left-pad', purl: 'pkg:npm/left-pad' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.3.0' }] }] }],
  },
  {
    id: 'GHSA-test-low',
    summary: 'Slow regular expression in tiny-lib',
    database_specific: { severity: 'LOW' },
    affected: [{ package: { ecosystem: 'npm', name: 'tiny-lib', purl: 'pkg:npm/tiny-lib' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '2.0.0' }, { last_affected: '2.1.0' }] }] }],
  },
  {
    id: 'MAL-test',
    summary: 'Malicious code in evil-pkg',
    affected: [{ package: { ecosystem: 'npm', name: 'evil-pkg', purl: 'pkg:npm/evil-pkg' }, versions: ['1.0.1'] }],
  },
];
const database = path.join(scratch, 'db');
mkdirSync(database);
writeFileSync(path.join(database, 'npm.nedb'), advisories.map((record) => JSON.stringify(record)).join('\n') + '\n');

function lockfile(packages) {
  const file = path.join(scratch, `lock-${Object.keys(packages).length}-${Math.random().toString(36).slice(2)}.json`);
  const entries = { '': { name: 'app' } };
  for (const [where, version] of Object.entries(packages)) entries[where] = { version, ...(where.includes('dev-') ? { dev: true } : {}) };
  writeFileSync(file, JSON.stringify({ lockfileVersion: 3, packages: entries }));
  return file;
}

function audit(lock, env = {}, args = ['--offline']) {
  const { OSV_OFFLINE_ROOT_DIR: _root, AUDIT_DEPS_FAIL_ON: _failOn, AUDIT_DEPS_REQUIRED: _required, ...inherited } = process.env;
  const result = spawnSync(process.execPath, [script, ...args, '--lockfile', lock], {
    env: { ...inherited, OSV_OFFLINE_ROOT_DIR: database, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

test('fails on a locked version inside a high advisory’s range, naming it and the fixed version', () => {
  const { status, output } = audit(lockfile({ 'node_modules/left-pad': '1.2.0', 'node_modules/a/node_modules/tiny-lib': '1.0.0' }));
  assert.equal(status, 1, output);
  assert.match(output, /HIGH\s+GHSA-test-high {2}left-pad@1\.2\.0 {2}fixed in 1\.3\.0/);
  assert.doesNotMatch(output, /GHSA-test-low/);
});

test('passes on fixed versions, and on lower severities unless AUDIT_DEPS_FAIL_ON asks', () => {
  const lock = lockfile({ 'node_modules/left-pad': '1.3.0', 'node_modules/dev-tool/node_modules/tiny-lib': '2.1.0' });
  const passing = audit(lock);
  assert.equal(passing.status, 0, passing.output);
  assert.match(passing.output, /LOW\s+GHSA-test-low {2}tiny-lib@2\.1\.0/);
  assert.match(passing.output, /1 known vulnerabilities, 0 at or above "high"/);
  assert.equal(audit(lock, { AUDIT_DEPS_FAIL_ON: 'low' }).status, 1);
  assert.equal(audit(lockfile({ 'node_modules/tiny-lib': '2.1.1' }), { AUDIT_DEPS_FAIL_ON: 'low' }).status, 0);
});

test('treats a malicious package’s listed versions as critical', () => {
  const { status, output } = audit(lockfile({ 'node_modules/evil-pkg': '1.0.1' }));
  assert.equal(status, 1, output);
  assert.match(output, /CRITICAL MAL-test/);
  assert.equal(audit(lockfile({ 'node_modules/evil-pkg': '1.0.2' })).status, 0);
});

test('says that nothing was checked when there is no database, and fails only when required', () => {
  const lock = lockfile({ 'node_modules/left-pad': '1.2.0' });
  const empty = path.join(scratch, 'empty');
  const skipped = audit(lock, { OSV_OFFLINE_ROOT_DIR: empty });
  assert.equal(skipped.status, 0, skipped.output);
  assert.match(skipped.output, /known vulnerabilities NOT checked/);
  assert.equal(audit(lock, { OSV_OFFLINE_ROOT_DIR: empty, AUDIT_DEPS_REQUIRED: '1' }).status, 2);
});
