// Renders the gateway's nginx config the way its pod will and runs `nginx -t` on it
// (infra/scripts/k8s-check.sh):
//   node infra/scripts/gateway-config-check.mjs <rendered.yaml>...
// The pod's environment is the image's ENV (infra/docker/gateway.Dockerfile) overlaid with the
// gateway container's env; the image's start-up step substitutes only the names its
// NGINX_ENVSUBST_FILTER lets through and that are set, and leaves any other ${NAME} as written,
// which nginx then reads as one of its own variables. ConfigMap files mounted into conf.d are
// included beside it. Two things differ from the pod, on purpose: absolute paths land under a
// scratch directory, and the upstreams' Service names (which resolve only in the cluster) become
// 127.0.0.1. Exits 1 with nginx's complaint for each overlay whose config it refuses.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAll } from 'js-yaml';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const CONF_D = '/etc/nginx/conf.d/';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: gateway-config-check.mjs <rendered.yaml>...');
  process.exit(2);
}
const image = imageEnvironment(readFileSync(`${repoRoot}infra/docker/gateway.Dockerfile`, 'utf8'));
const template = readFileSync(`${repoRoot}infra/nginx/gateway.conf.template`, 'utf8');
let failed = false;
for (const file of files) {
  const problem = check(loadAll(readFileSync(file, 'utf8')).filter(Boolean));
  if (problem) {
    failed = true;
    console.error(`${file}: the gateway's config fails nginx -t:\n${problem}`);
  } else {
    console.log(`${file}: the gateway's config passes nginx -t`);
  }
}
process.exit(failed ? 1 : 0);

/** The ENV values of the Dockerfile's last stage (the image the pod runs). */
function imageEnvironment(dockerfile) {
  const lines = dockerfile.replace(/\\\n/g, ' ').split('\n');
  const lastFrom = lines.findLastIndex((line) => /^FROM\s/i.test(line));
  const env = {};
  for (const line of lines.slice(lastFrom + 1)) {
    if (!/^ENV\s/i.test(line)) continue;
    for (const [, name, quoted, bare] of line.slice(4).matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(?:"([^"]*)"|(\S+))/g)) env[name] = quoted ?? bare;
  }
  return env;
}

function check(objects) {
  const gateway = objects.find((object) => object.kind === 'Deployment' && object.metadata?.name === 'gateway');
  if (!gateway) return 'no Deployment/gateway rendered';
  const pod = gateway.spec.template.spec;
  const container = pod.containers.find((each) => each.name === 'gateway') ?? pod.containers[0];
  const env = { ...image };
  for (const each of container.env ?? []) if (typeof each.value === 'string') env[each.name] = each.value;
  const filter = new RegExp(env.NGINX_ENVSUBST_FILTER ?? '.');

  const scratch = mkdtempSync(join(tmpdir(), 'gateway-config-'));
  try {
    const inScratch = (path) => join(scratch, 'root', path);
    let conf = template;
    for (const [name, value] of Object.entries(env)) {
      if (!filter.test(name)) continue;
      const rendered = value.startsWith('/') ? inScratch(value) : value;
      conf = conf.replaceAll(`\${${name}}`, rendered).replace(new RegExp(`\\$${name}\\b`, 'g'), rendered);
    }
    conf = conf.replace(/^(\s*server\s+)[A-Za-z0-9.-]+(:\d+)/gm, '$1127.0.0.1$2');
    const confDir = join(scratch, 'conf.d');
    mkdirSync(confDir, { recursive: true });
    writeFileSync(join(confDir, 'gateway.conf'), conf);
    for (const [path, text] of mountedConfigMapFiles(objects, pod, container)) writeFileSync(join(confDir, path.slice(CONF_D.length).replaceAll('/', '_')), text);
    for (const dir of ['temp', 'root/var/log/nginx', 'root/var/cache/nginx']) mkdirSync(join(scratch, dir), { recursive: true });
    writeFileSync(
      join(scratch, 'nginx.conf'),
      [
        'pid nginx.pid;',
        'error_log stderr warn;',
        'events {}',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  client_body_temp_path temp/client_body;',
        '  proxy_temp_path temp/proxy;',
        '  fastcgi_temp_path temp/fastcgi;',
        '  uwsgi_temp_path temp/uwsgi;',
        '  scgi_temp_path temp/scgi;',
        '  include conf.d/*.conf;',
        '}',
        '',
      ].join('\n'),
    );
    try {
      execFileSync('nginx', ['-t', '-q', '-p', `${scratch}/`, '-c', join(scratch, 'nginx.conf'), '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
      return undefined;
    } catch (error) {
      if (error.code === 'ENOENT') return 'nginx is not installed here (Debian: apt-get install nginx-light)';
      return String(error.stderr || error.message).trim();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Files that ConfigMap volumes put under conf.d, as [mount path, text]. */
function mountedConfigMapFiles(objects, pod, container) {
  const found = [];
  for (const mount of container.volumeMounts ?? []) {
    if (!mount.mountPath.startsWith(CONF_D)) continue;
    const volume = (pod.volumes ?? []).find((each) => each.name === mount.name);
    const map = volume?.configMap && objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name === volume.configMap.name);
    if (!map) continue;
    const text = mount.subPath ? map.data?.[mount.subPath] : undefined;
    if (text !== undefined) found.push([mount.mountPath, text]);
  }
  return found;
}
