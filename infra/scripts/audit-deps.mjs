// `npm run audit:deps`: every package package-lock.json installs, checked against the OSV database
// of known vulnerabilities in npm packages (GitHub's advisories and the malicious-package reports
// osv.dev collects), on this machine: @renovatebot/osv-offline keeps a copy of that database in
// OSV_OFFLINE_ROOT_DIR (.tools/osv-offline) and refreshes it at most daily from
// OSV_OFFLINE_DATABASE_URL (its GitHub release unless set). docs/security.md explains it.
//
//   node infra/scripts/audit-deps.mjs [--offline] [--lockfile <path>]
//   --offline   use the copy already there, never download
//   AUDIT_DEPS_FAIL_ON=low|moderate|high|critical   the least severity that fails (high)
//   AUDIT_DEPS_REQUIRED=1   fail (exit 2) when no database can be had, instead of saying so and passing
//
// Exit status: 0 nothing at or above AUDIT_DEPS_FAIL_ON (or no database, said so), 1 found, 2 no
// database with AUDIT_DEPS_REQUIRED=1.
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import semver from 'semver';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: options } = parseArgs({
  options: { offline: { type: 'boolean', default: false }, lockfile: { type: 'string', default: path.join(repoRoot, 'package-lock.json') } },
});
const SEVERITIES = ['unknown', 'low', 'moderate', 'high', 'critical'];
const failOn = (process.env.AUDIT_DEPS_FAIL_ON || 'high').toLowerCase();
if (!SEVERITIES.includes(failOn) || failOn === 'unknown') {
  console.error(`AUDIT_DEPS_FAIL_ON must be one of low, moderate, high, critical (got "${failOn}")`);
  process.exit(2);
}
const downloadTimeoutMs = Number(process.env.AUDIT_DEPS_DOWNLOAD_TIMEOUT_SECONDS || 120) * 1000;

// The library reads these when it is first imported.
process.env.OSV_OFFLINE_ROOT_DIR ||= path.join(repoRoot, '.tools/osv-offline');
if (options.offline) process.env.OSV_OFFLINE_DISABLE_DOWNLOAD = 'true';
const databaseFile = path.join(process.env.OSV_OFFLINE_ROOT_DIR, 'npm.nedb');

/** One entry per name@version the lockfile installs, with whether only development needs it. */
function lockedPackages(lockfile) {
  const lock = JSON.parse(readFileSync(lockfile, 'utf8'));
  const packages = new Map();
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    if (!where.includes('node_modules/') || entry.link || !entry.version) continue;
    const name = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const key = `${name}@${entry.version}`;
    const known = packages.get(key);
    const devOnly = Boolean(entry.dev || entry.devOptional);
    packages.set(key, { name, version: entry.version, devOnly: known ? known.devOnly && devOnly : devOnly });
  }
  return [...packages.values()];
}

function eventVersion(event) {
  const version = event.introduced ?? event.fixed ?? event.last_affected ?? event.limit;
  return version === '0' ? '0.0.0-0' : version;
}

/** OSV's range semantics: affected from each `introduced` until the next `fixed` (excluded) or `last_affected` (included). */
function inRange(version, events) {
  let introduced;
  for (const event of events) {
    const at = eventVersion(event);
    if (!semver.valid(at)) continue;
    if (event.introduced !== undefined) introduced = at;
    else if (introduced !== undefined && event.fixed !== undefined) {
      if (semver.gte(version, introduced) && semver.lt(version, at)) return true;
      introduced = undefined;
    } else if (introduced !== undefined && event.last_affected !== undefined) {
      if (semver.gte(version, introduced) && semver.lte(version, at)) return true;
      introduced = undefined;
    }
  }
  return introduced !== undefined && semver.gte(version, introduced);
}

function affects(vulnerability, pkg) {
  if (vulnerability.withdrawn) return false;
  return (vulnerability.affected ?? []).some((affected) => {
    if (affected.package?.ecosystem !== 'npm' || affected.package?.name !== pkg.name) return false;
    if (affected.versions?.includes(pkg.version)) return true;
    if (!semver.valid(pkg.version)) return false;
    return (affected.ranges ?? []).some((range) => range.type !== 'GIT' && inRange(pkg.version, range.events ?? []));
  });
}

function severityOf(vulnerability) {
  const severity = String(vulnerability.database_specific?.severity ?? '').toLowerCase();
  if (vulnerability.id?.startsWith('MAL-')) return 'critical';
  return SEVERITIES.includes(severity) ? severity : 'unknown';
}

function fixedIn(vulnerability, name) {
  const fixed = (vulnerability.affected ?? [])
    .filter((affected) => affected.package?.name === name)
    .flatMap((affected) => (affected.ranges ?? []).flatMap((range) => range.events ?? []))
    .map((event) => event.fixed)
    .filter(Boolean);
  return fixed.length > 0 ? `fixed in ${fixed.join(', ')}` : 'no fixed version';
}

function notChecked(reason) {
  const message = `known vulnerabilities NOT checked: ${reason}`;
  if (process.env.AUDIT_DEPS_REQUIRED === '1') {
    console.error(`audit:deps: ${message}`);
    process.exit(2);
  }
  console.log(`audit:deps: ${message} (set AUDIT_DEPS_REQUIRED=1 to make this an error)`);
  process.exit(0);
}

// A failed download leaves an empty zip behind, which the library would take as fresh for a day.
if (!existsSync(databaseFile)) rmSync(path.join(process.env.OSV_OFFLINE_ROOT_DIR, 'osv-offline.zip'), { force: true });

const { OsvOffline } = await import('@renovatebot/osv-offline');
let database;
try {
  let timer;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${downloadTimeoutMs / 1000}s`)), downloadTimeoutMs);
  });
  database = await Promise.race([OsvOffline.create(), timeout]).finally(() => clearTimeout(timer));
} catch (error) {
  if (!existsSync(databaseFile)) {
    notChecked(
      `the OSV database could not be downloaded (${error.message}) and there is no copy in ${process.env.OSV_OFFLINE_ROOT_DIR}; ` +
        'see docs/security.md for fetching it elsewhere',
    );
  }
  console.warn(`audit:deps: could not refresh the OSV database (${error.message}); using the copy already there`);
  database = new OsvOffline();
}
if (!existsSync(databaseFile)) {
  notChecked(`there is no OSV database at ${databaseFile} (--offline never downloads one)`);
}

const packages = lockedPackages(options.lockfile);
const ageDays = (Date.now() - statSync(databaseFile).mtimeMs) / 86_400_000;
console.log(
  `audit:deps: ${packages.length} packages from ${path.relative(process.cwd(), options.lockfile) || options.lockfile} ` +
    `against the OSV database in ${process.env.OSV_OFFLINE_ROOT_DIR} (${ageDays.toFixed(1)} days old)`,
);

const findings = [];
for (const pkg of packages) {
  for (const vulnerability of await database.getVulnerabilities('npm', pkg.name)) {
    if (affects(vulnerability, pkg)) findings.push({ pkg, vulnerability, severity: severityOf(vulnerability) });
  }
}
database[Symbol.dispose]();

findings.sort((a, b) => SEVERITIES.indexOf(b.severity) - SEVERITIES.indexOf(a.severity) || a.pkg.name.localeCompare(b.pkg.name));
for (const { pkg, vulnerability, severity } of findings) {
  const summary = vulnerability.summary ?? vulnerability.details?.split('\n')[0] ?? '';
  console.log(
    `  ${severity.toUpperCase().padEnd(8)} ${vulnerability.id}  ${pkg.name}@${pkg.version}${pkg.devOnly ? ' (development only)' : ''}` +
      `  ${fixedIn(vulnerability, pkg.name)}  ${summary}`,
  );
}
const failing = findings.filter(({ severity }) => SEVERITIES.indexOf(severity) >= SEVERITIES.indexOf(failOn));
console.log(`audit:deps: ${findings.length} known vulnerabilities, ${failing.length} at or above "${failOn}" (AUDIT_DEPS_FAIL_ON)`);
process.exit(failing.length > 0 ? 1 : 0);
