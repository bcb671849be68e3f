// The project's policy for rendered Kubernetes manifests (infra/scripts/k8s-check.sh;
// docs/kubernetes.md "Policy"), in place of kube-score or conftest:
//   node infra/scripts/k8s-policy.mjs <rendered.yaml>...
// Every pod (Deployments, StatefulSets, DaemonSets, Jobs): runs as non-root under the
// RuntimeDefault seccomp profile. Every container, init containers included: no privilege
// escalation, every capability dropped, a read-only root filesystem, cpu and memory requests and a
// memory limit. Every long-running container: a readiness and a liveness probe.
// Exits 1 with every breach listed.
import { readFileSync } from 'node:fs';
import { loadAll } from 'js-yaml';

const LONG_RUNNING = new Set(['Deployment', 'StatefulSet', 'DaemonSet']);
const WORKLOADS = new Set([...LONG_RUNNING, 'Job']);

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: k8s-policy.mjs <rendered.yaml>...');
  process.exit(2);
}
let failed = false;
for (const file of files) {
  const breaches = loadAll(readFileSync(file, 'utf8')).filter(Boolean).flatMap(breachesOf);
  for (const breach of breaches) console.error(`${file}: ${breach}`);
  if (breaches.length > 0) failed = true;
  else console.log(`${file}: every workload meets the policy`);
}
process.exit(failed ? 1 : 0);

function breachesOf(object) {
  if (!WORKLOADS.has(object.kind)) return [];
  const pod = object.spec?.template?.spec ?? {};
  const workload = `${object.kind}/${object.metadata?.name}`;
  const breaches = [];
  const podSecurity = pod.securityContext ?? {};
  if (podSecurity.runAsNonRoot !== true) breaches.push(`${workload}: pod securityContext.runAsNonRoot is not true`);
  if (podSecurity.seccompProfile?.type !== 'RuntimeDefault') breaches.push(`${workload}: pod securityContext.seccompProfile.type is not RuntimeDefault`);
  const initContainers = pod.initContainers ?? [];
  for (const container of [...initContainers, ...(pod.containers ?? [])]) {
    const where = `${workload} container ${container.name}`;
    const security = container.securityContext ?? {};
    if (security.allowPrivilegeEscalation !== false) breaches.push(`${where}: securityContext.allowPrivilegeEscalation is not false`);
    if (!(security.capabilities?.drop ?? []).includes('ALL')) breaches.push(`${where}: securityContext.capabilities.drop does not include ALL`);
    if (security.readOnlyRootFilesystem !== true) breaches.push(`${where}: securityContext.readOnlyRootFilesystem is not true`);
    if (security.privileged === true) breaches.push(`${where}: runs privileged`);
    if (security.runAsUser === 0 || security.runAsNonRoot === false) breaches.push(`${where}: runs as root`);
    const resources = container.resources ?? {};
    if (!resources.requests?.cpu || !resources.requests?.memory) breaches.push(`${where}: no cpu and memory requests`);
    if (!resources.limits?.memory) breaches.push(`${where}: no memory limit`);
    if (LONG_RUNNING.has(object.kind) && !initContainers.includes(container)) {
      if (!container.readinessProbe) breaches.push(`${where}: no readinessProbe`);
      if (!container.livenessProbe) breaches.push(`${where}: no livenessProbe`);
    }
  }
  return breaches;
}
