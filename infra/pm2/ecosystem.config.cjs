// The processes `make start` runs, for pm2-runtime (docs/operations.md, "Supervision").
// infra/scripts/start.sh prepares the environment (ports, secrets, demo mode, the rendered
// gateway) and then runs: pm2-runtime start infra/pm2/ecosystem.config.cjs
//
// pm2 starts the apps one at a time in this order (PM2_CONCURRENT_ACTIONS=1) and, for the Node
// processes, waits for each one's "ready" message (sent once it listens) before starting the
// next: content before web, the simulator before the tools API, the tools API before the
// workers, everything before the gateway. A process that dies is restarted with an exponential
// backoff (0.1 s doubling up to 15 s, reset once it has run 30 s); the others keep serving.
// Ctrl-C or SIGTERM to pm2-runtime stops every app (SIGTERM, SIGKILL after kill_timeout).
'use strict';

const path = require('node:path');

const env = process.env;
const repoRoot = path.resolve(__dirname, '../..');
const readyTimeoutMs = Number(env.START_READY_TIMEOUT || 90) * 1000;
/** glibc's allocator for the processes that take 10 MB uploads and decode images (docs/operations.md). */
const toolsMallocEnv = {
  MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || '2',
  MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ || '131072',
};

/** What every app shares: restarted with backoff, stopped with SIGTERM, logs to the terminal only. */
function app(name, settings) {
  return {
    name,
    cwd: repoRoot,
    autorestart: true,
    exp_backoff_restart_delay: 100,
    kill_timeout: 15_000,
    out_file: '/dev/null',
    error_file: '/dev/null',
    ...settings,
  };
}

/** A Node entry point that sends process.send('ready') once it serves. */
function nodeApp(name, script, settings = {}) {
  return app(name, { script, interpreter: process.execPath, exec_mode: 'fork', wait_ready: true, listen_timeout: readyTimeoutMs, ...settings });
}

const apps = [];

// Redis only when start.sh found none answering at REDIS_URL.
if (env.START_REDIS_PORT) {
  apps.push(
    app('redis', {
      script: 'redis-server',
      interpreter: 'none',
      args: ['--bind', '127.0.0.1', '-::1', '--port', env.START_REDIS_PORT, '--save', '', '--appendonly', 'no'],
    }),
  );
}

// No SMTP_URL: a local mail catcher with a web inbox (maildev) receives every email.
if (env.START_MAIL_CATCHER === '1') {
  apps.push(
    app('mail-catcher', {
      script: 'node_modules/maildev/dist/bin/maildev.js',
      interpreter: 'node',
      args: ['--smtp', env.MAIL_CATCHER_SMTP_PORT, '--ip', '127.0.0.1', '--web', env.MAIL_CATCHER_WEB_PORT, '--web-ip', '127.0.0.1', '--silent'],
    }),
  );
}

apps.push(nodeApp('content', 'services/content/dist/src/main.js'));
apps.push(nodeApp('web', 'frontend/dist/server/main.js'));

// Demo mode: the simulator MODEL_SIMULATOR_URL names, when start.sh runs it itself.
if (env.START_MODEL_SIM === '1') {
  apps.push(nodeApp('model-sim', 'services/model-sim/dist/src/main.js'));
}

apps.push(nodeApp('tools', 'services/tools/dist/src/main.js', { env: toolsMallocEnv }));
apps.push(
  nodeApp('worker', 'services/tools/dist/src/worker-main.js', {
    instances: Number(env.WORKER_PROCESSES || 1),
    // Each worker's /metrics listener: WORKER_METRICS_PORT, then the next port for the next worker.
    increment_var: 'WORKER_METRICS_PORT',
    env: toolsMallocEnv,
  }),
);

// The gateway last: nginx, with the configuration start.sh rendered into START_NGINX_DIR.
apps.push(
  app('gateway', {
    script: env.START_NGINX_BIN || 'nginx',
    interpreter: 'none',
    args: ['-p', `${env.START_NGINX_DIR}/`, '-c', `${env.START_NGINX_DIR}/nginx.conf`, '-e', 'stderr', '-g', env.START_NGINX_GLOBALS || 'daemon off;'],
    // nginx stops its workers gracefully on SIGQUIT.
    kill_timeout: 5_000,
  }),
);

module.exports = { apps };
