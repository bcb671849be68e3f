import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where the e2e stack runs: non-default ports and a throwaway database, so a running `make start` is untouched. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const gatewayPort = Number(process.env.E2E_GATEWAY_PORT ?? 18080);

export const e2eStack = {
  gatewayPort,
  contentPort: Number(process.env.E2E_CONTENT_PORT ?? 13001),
  webPort: Number(process.env.E2E_WEB_PORT ?? 13000),
  toolsPort: Number(process.env.E2E_TOOLS_PORT ?? 13002),
  modelSimPort: Number(process.env.E2E_MODEL_SIM_PORT ?? 13099),
  /** A visitor's small website that specs serve themselves for Semantic Expansion to crawl (loopback, test-only). */
  testSitePort: Number(process.env.E2E_TEST_SITE_PORT ?? Number(process.env.E2E_MODEL_SIM_PORT ?? 13099) - 1),
  /** The model worker's /metrics and /health listener (WORKER_METRICS_PORT). */
  workerMetricsPort: Number(process.env.E2E_WORKER_METRICS_PORT ?? Number(process.env.E2E_MODEL_SIM_PORT ?? 13099) - 2),
  /** The mail catcher start.sh runs (SMTP and its web inbox). */
  mailCatcherSmtpPort: Number(process.env.E2E_MAIL_SMTP_PORT ?? Number(process.env.E2E_MODEL_SIM_PORT ?? 13099) - 3),
  mailCatcherWebPort: Number(process.env.E2E_MAIL_WEB_PORT ?? Number(process.env.E2E_MODEL_SIM_PORT ?? 13099) - 4),
  gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
  runDir: `${repoRoot}.run/e2e`,
  /** Dropped and recreated at every run; its name must end in _e2e. */
  databaseUrl: process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/agency_e2e',
  /** Flushed at every run; must name a database other than 0. */
  redisUrl: process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/15',
  adminPassword: 'e2e-admin-password',
};

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const nginxPath = process.env.NGINX_PATH ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');
