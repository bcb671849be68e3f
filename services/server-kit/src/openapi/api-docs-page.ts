import type { OpenAPIObject, OperationObject, ParameterObject, ReferenceObject, RequestBodyObject, SchemaObject } from '@nestjs/swagger';
import { escapeHtml, htmlPage } from '../http/html-page.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * The API description as a plain page: every operation with its parameters, body fields and
 * answers. Server-rendered without scripts, so it fits the gateway's Content-Security-Policy.
 */
export function renderApiDocsPage(document: OpenAPIObject, jsonPath: string): string {
  const sections = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [renderOperation(document, method, path, operation)] : [];
    }),
  );
  const description = (document.info.description ?? '').split(/\n{2,}/).map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n');
  return htmlPage({
    title: document.info.title,
    style: `
      body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
      section { border-top: 1px solid #ddd; padding: 0.5rem 0 1rem; }
      h2 { font-size: 1.1rem; font-family: ui-monospace, monospace; }
      .method { display: inline-block; min-width: 4.5rem; font-weight: bold; }
      table { border-collapse: collapse; margin: 0.5rem 0; }
      th, td { text-align: left; padding: 0.2rem 0.75rem 0.2rem 0; vertical-align: top; }
      code { font-family: ui-monospace, monospace; }
      .note { color: #555; }
    `,
    body: `<h1>${escapeHtml(document.info.title)}</h1>
    ${description}
    <p>The same description as an OpenAPI ${escapeHtml(document.openapi)} document: <a href="${escapeHtml(jsonPath)}"><code>${escapeHtml(jsonPath)}</code></a>.</p>
    ${sections.join('\n')}`,
  });
}

function renderOperation(document: OpenAPIObject, method: string, path: string, operation: OperationObject): string {
  const notes = [operation.summary, operation.description, operation.security?.length ? 'Needs the admin session cookie.' : undefined].filter(Boolean) as string[];
  const parameters = (operation.parameters ?? []).map((parameter) => resolve<ParameterObject>(document, parameter));
  const body = operation.requestBody ? resolve<RequestBodyObject>(document, operation.requestBody) : undefined;
  const bodySchema = body ? resolve<SchemaObject>(document, Object.values(body.content)[0]?.schema ?? {}) : undefined;
  const rows = [
    ...parameters.map((parameter) => row(parameter.name, `${parameter.in}${parameter.required ? ', required' : ''}`, resolve<SchemaObject>(document, parameter.schema ?? {}))),
    ...Object.entries(bodySchema?.properties ?? {}).map(([name, schema]) =>
      row(name, `body${bodySchema?.required?.includes(name) ? ', required' : ''}`, resolve<SchemaObject>(document, schema)),
    ),
  ];
  const answers = Object.entries(operation.responses).map(([status, answer]) => `<code>${escapeHtml(status)}</code> ${escapeHtml((answer as { description?: string }).description ?? '')}`);
  return `<section>
      <h2><span class="method">${method.toUpperCase()}</span> ${escapeHtml(path)}</h2>
      ${notes.map((note) => `<p class="note">${escapeHtml(note)}</p>`).join('')}
      ${rows.length > 0 ? `<table><tr><th>Field</th><th>Where</th><th>Value</th></tr>${rows.join('')}</table>` : ''}
      <p>Answers: ${answers.join('; ')}</p>
    </section>`;
}

function row(name: string, where: string, schema: SchemaObject): string {
  return `<tr><td><code>${escapeHtml(name)}</code></td><td>${escapeHtml(where)}</td><td>${escapeHtml(describeSchema(schema))}</td></tr>`;
}

function describeSchema(schema: SchemaObject): string {
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  const facts = [
    schema.format,
    schema.minLength !== undefined ? `at least ${schema.minLength} characters` : undefined,
    schema.maxLength !== undefined ? `at most ${schema.maxLength} characters` : undefined,
    schema.minimum !== undefined ? `from ${schema.minimum}` : undefined,
    schema.maximum !== undefined ? `to ${schema.maximum}` : undefined,
    schema.pattern ? `matching ${schema.pattern}` : undefined,
    schema.enum ? `one of ${schema.enum.map(String).join(', ')}` : undefined,
  ].filter(Boolean);
  return facts.length > 0 ? `${type}, ${facts.join(', ')}` : String(type);
}

function resolve<T>(document: OpenAPIObject, value: T | ReferenceObject): T {
  if (typeof value === 'object' && value !== null && '$ref' in value) {
    const name = value.$ref.split('/').pop() ?? '';
    const target = document.components?.schemas?.[name] ?? document.components?.parameters?.[name] ?? document.components?.requestBodies?.[name];
    return (target ?? {}) as T;
  }
  return value;
}
