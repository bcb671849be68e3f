// Extracts from OpenAI's published OpenAPI description (github.com/openai/openai-openapi,
// openapi.json) the schemas of the requests and answers the tools use, with every schema they
// refer to, into test/fixtures/openai-schemas.json (docs/providers.md, "Conformance").
// Usage: node services/tools/scripts/vendor-openai-schemas.mjs <openapi.json> <commit>
import { readFileSync, writeFileSync } from 'node:fs';

const [source, commit = 'unknown'] = process.argv.slice(2);
if (!source) throw new Error('Give the path of openapi.json (and its commit)');
const ROOTS = ['CreateResponse', 'Response', 'CreateChatCompletionRequest', 'CreateChatCompletionResponse'];
const document = JSON.parse(readFileSync(source, 'utf8'));
const all = document.components.schemas;

const kept = new Set();
const queue = [...ROOTS];
while (queue.length > 0) {
  const name = queue.pop();
  if (kept.has(name)) continue;
  if (!all[name]) throw new Error(`No schema ${name}`);
  kept.add(name);
  for (const [, ref] of JSON.stringify(all[name]).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) queue.push(ref);
}

// Two of the description's habits that a JSON Schema validator reads otherwise than OpenAI means
// them: OpenAPI 3.0's `nullable` (null allowed), and oneOf whose variants overlap (a value matching
// two is valid for OpenAI, invalid for oneOf). Both are rewritten; nothing else is changed.
function rewrite(node) {
  if (Array.isArray(node)) return node.map(rewrite);
  if (!node || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) out[key === 'oneOf' ? 'anyOf' : key] = rewrite(value);
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...out.type, 'null'];
    else if (!out.type) return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

const schemas = Object.fromEntries([...kept].sort().map((name) => [name, rewrite(all[name])]));
writeFileSync(
  new URL('../test/fixtures/openai-schemas.json', import.meta.url),
  `${JSON.stringify({ source: 'https://github.com/openai/openai-openapi/blob/' + commit + '/openapi.json', openapi: document.info.version, roots: ROOTS, components: { schemas } })}\n`,
);
console.log(`Kept ${kept.size} schemas from OpenAI API ${document.info.version} (${commit}).`);
