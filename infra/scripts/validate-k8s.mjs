// Validates rendered Kubernetes manifests offline (infra/scripts/k8s-check.sh; docs/kubernetes.md):
//   node infra/scripts/validate-k8s.mjs <rendered.yaml>...
// Each object against its Kubernetes schema (kubernetes-models, KEDA's CRDs from
// @kubernetes-models/keda), then what the schemas cannot see: every workload has probes,
// resource requests, a disruption budget and an autoscaler; Services, budgets and autoscalers
// point at something that exists; names referenced are rendered or created before deploying;
// the workers scale on the BullMQ lists the code actually uses. Exits 1 with every problem listed.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadAll } from 'js-yaml';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** Created in the namespace by the operator before the first deploy (docs/kubernetes.md), not rendered. */
const CREATED_BEFORE_DEPLOY = new Set(['Secret/agency-secrets', 'Secret/agency-stores', 'Secret/agency-tls']);
/** The site's own workloads: each gets a disruption budget, and an autoscaler of the kind named. */
const SCALED_BY = { gateway: 'HorizontalPodAutoscaler', web: 'HorizontalPodAutoscaler', content: 'HorizontalPodAutoscaler', tools: 'HorizontalPodAutoscaler', worker: 'ScaledObject' };

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: validate-k8s.mjs <rendered.yaml>...');
  process.exit(2);
}
let failed = false;
for (const file of files) {
  const problems = [...new Set(await validate(loadAll(readFileSync(file, 'utf8')).filter(Boolean)))];
  for (const problem of problems) console.error(`${file}: ${problem}`);
  if (problems.length > 0) failed = true;
  else console.log(`${file}: valid`);
}
process.exit(failed ? 1 : 0);

async function validate(objects) {
  const problems = [];
  for (const object of objects) {
    const id = `${object.kind}/${object.metadata?.name}`;
    try {
      const Model = await modelFor(object.apiVersion, object.kind);
      new Model(object).validate();
    } catch (error) {
      problems.push(`${id}: ${error.message}`);
    }
  }
  const byKind = (kind) => objects.filter((object) => object.kind === kind);
  const exists = (kind, name) => objects.some((object) => object.kind === kind && object.metadata.name === name) || CREATED_BEFORE_DEPLOY.has(`${kind}/${name}`);
  const podsOf = (selector) => byKind('Deployment').filter((deployment) => matches(selector, deployment.spec.template.metadata?.labels));

  for (const deployment of byKind('Deployment')) {
    const name = deployment.metadata.name;
    const pod = deployment.spec.template.spec;
    for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
      const where = `Deployment/${name} container ${container.name}`;
      const ports = new Set((container.ports ?? []).flatMap((port) => [port.name, port.containerPort]));
      if (!pod.initContainers?.includes(container)) {
        for (const probe of ['readinessProbe', 'livenessProbe']) {
          if (!container[probe]) problems.push(`${where}: no ${probe}`);
          const port = container[probe]?.httpGet?.port ?? container[probe]?.tcpSocket?.port;
          if (port !== undefined && !ports.has(port)) problems.push(`${where}: ${probe} uses port ${port}, which the container does not declare`);
        }
      }
      if (!container.resources?.requests?.cpu || !container.resources?.requests?.memory) problems.push(`${where}: no cpu and memory requests`);
    }
    if (name in SCALED_BY) {
      if (!byKind('PodDisruptionBudget').some((budget) => matches(budget.spec.selector, deployment.spec.template.metadata.labels))) {
        problems.push(`Deployment/${name}: no PodDisruptionBudget selects its pods`);
      }
      const scaler = SCALED_BY[name];
      if (!byKind(scaler).some((each) => each.spec.scaleTargetRef.name === name)) problems.push(`Deployment/${name}: no ${scaler} scales it`);
    }
  }
  for (const [kind, target] of [
    ['HorizontalPodAutoscaler', (each) => each.spec.scaleTargetRef.name],
    ['ScaledObject', (each) => each.spec.scaleTargetRef.name],
  ]) {
    for (const each of byKind(kind)) if (!exists('Deployment', target(each))) problems.push(`${kind}/${each.metadata.name}: scales Deployment/${target(each)}, which is not rendered`);
  }
  for (const service of byKind('Service').filter((each) => each.spec.type !== 'ExternalName')) {
    const pods = podsOf(service.spec.selector);
    if (pods.length === 0) problems.push(`Service/${service.metadata.name}: its selector matches no Deployment's pods`);
    for (const port of service.spec.ports) {
      const declared = pods.some((pod) => pod.spec.template.spec.containers.some((container) => (container.ports ?? []).some((each) => each.name === port.targetPort || each.containerPort === port.targetPort)));
      if (pods.length > 0 && !declared) problems.push(`Service/${service.metadata.name}: targetPort ${port.targetPort} is no port of its pods`);
    }
  }
  for (const budget of byKind('PodDisruptionBudget')) {
    if (podsOf(budget.spec.selector).length === 0) problems.push(`PodDisruptionBudget/${budget.metadata.name}: its selector matches no Deployment's pods`);
  }
  for (const object of objects) {
    for (const [kind, name] of references(object)) if (!exists(kind, name)) problems.push(`${object.kind}/${object.metadata.name}: refers to ${kind}/${name}, which is neither rendered nor created before deploying`);
  }
  problems.push(...checkQueueTriggers(byKind('ScaledObject')));
  return problems;
}

async function modelFor(apiVersion, kind) {
  const module = apiVersion?.startsWith('keda.sh/') ? `@kubernetes-models/keda/${apiVersion}/${kind}` : `kubernetes-models/${apiVersion}/${kind}`;
  let exports;
  try {
    exports = await import(module);
  } catch {
    throw new Error(`no schema for apiVersion ${apiVersion} kind ${kind}`);
  }
  return exports[kind];
}

function matches(selector, labels = {}) {
  const wanted = Object.entries(selector?.matchLabels ?? selector ?? {});
  return wanted.length > 0 && wanted.every(([key, value]) => labels[key] === value);
}

/** The ConfigMaps, Secrets, claims and TriggerAuthentications an object names. */
function references(object) {
  const found = [];
  const pod = object.kind === 'Job' || object.kind === 'Deployment' ? object.spec.template.spec : undefined;
  for (const container of [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])]) {
    for (const source of container.envFrom ?? []) {
      if (source.configMapRef && !source.configMapRef.optional) found.push(['ConfigMap', source.configMapRef.name]);
      if (source.secretRef && !source.secretRef.optional) found.push(['Secret', source.secretRef.name]);
    }
  }
  for (const volume of pod?.volumes ?? []) {
    if (volume.configMap && !volume.configMap.optional) found.push(['ConfigMap', volume.configMap.name]);
    if (volume.secret && !volume.secret.optional) found.push(['Secret', volume.secret.secretName]);
    if (volume.persistentVolumeClaim) found.push(['PersistentVolumeClaim', volume.persistentVolumeClaim.claimName]);
  }
  for (const trigger of object.kind === 'ScaledObject' ? object.spec.triggers : []) {
    if (trigger.authenticationRef) found.push(['TriggerAuthentication', trigger.authenticationRef.name]);
  }
  for (const ref of object.kind === 'TriggerAuthentication' ? (object.spec.secretTargetRef ?? []) : []) found.push(['Secret', ref.name]);
  for (const tls of object.kind === 'Ingress' ? (object.spec.tls ?? []) : []) found.push(['Secret', tls.secretName]);
  return found;
}

/**
 * The workers' redis triggers read BullMQ's lists of the queue the code names (TOOLS_QUEUE),
 * under the key prefix BullMQ uses when none is set, and a code change that sets one is caught.
 */
function checkQueueTriggers(scaledObjects) {
  const problems = [];
  const jobs = readFileSync(`${repoRoot}services/tools/src/jobs/tool-jobs.ts`, 'utf8');
  const connection = readFileSync(`${repoRoot}services/tools/src/queue/queue-connection.ts`, 'utf8');
  const queue = /export const TOOLS_QUEUE = '([^']+)'/.exec(jobs)?.[1];
  if (!queue) return ['cannot find TOOLS_QUEUE in services/tools/src/jobs/tool-jobs.ts'];
  if (/\bprefix\s*:/.test(connection)) return ['services/tools/src/queue/queue-connection.ts sets a BullMQ key prefix: update the ScaledObject list names and this check'];
  const expected = new Set([`bull:${queue}:wait`, `bull:${queue}:active`]);
  for (const scaled of scaledObjects) {
    const lists = scaled.spec.triggers.filter((trigger) => trigger.type === 'redis').map((trigger) => trigger.metadata.listName);
    for (const list of lists) if (!expected.has(list)) problems.push(`ScaledObject/${scaled.metadata.name}: list ${list} is not one of BullMQ's lists for the queue "${queue}" (${[...expected].join(', ')})`);
    if (!lists.includes(`bull:${queue}:wait`)) problems.push(`ScaledObject/${scaled.metadata.name}: does not scale on the waiting list bull:${queue}:wait`);
  }
  return problems;
}
