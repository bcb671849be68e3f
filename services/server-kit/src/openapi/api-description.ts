import type { INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { ApiProperty, DocumentBuilder, type OpenAPIObject, type OperationObject, type PathItemObject, SwaggerModule } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { STATUS_CODES } from 'node:http';
import { adminAccess } from '../admin/admin-routes.js';
import { errorBody } from '../http/error-body.js';
import { renderApiDocsPage } from './api-docs-page.js';
import { type DtoClass, propertiesFromValidation } from './validation-schema.js';

/** An OpenAPI 3.1 document; a merged one names the services it could not include. */
export type ApiDocument = OpenAPIObject & { 'x-missing-services'?: string[] };
type Operation = OperationObject & { 'x-service-port-only'?: true };

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const ADMIN_SECURITY = 'adminSession';
/** How long the merged document waits for another service's own document. */
const INCLUDED_DOCUMENT_TIMEOUT_MS = 1500;
/** How long a read of another service's document is reused. */
const INCLUDED_DOCUMENT_FRESH_MS = 5000;

export interface ApiDescriptionOptions {
  title: string;
  description: string;
  /** Where the JSON document is served (through the gateway for the content service, the service's own port for the tools API). */
  jsonPath: string;
  /** Where the readable page is served, if this service serves one. */
  pagePath?: string;
  /**
   * Routes served outside Nest's controllers (registered on the HTTP adapter or mounted as a
   * router), which the scan cannot see; the coverage tests name any that are missing.
   */
  paths?: Record<string, PathItemObject>;
  /** Other services' documents, fetched from their own ports and merged into this one's at each request. */
  include?: readonly { name: string; url: string }[];
}

/**
 * Serves the service's OpenAPI 3.1 document (docs/api.md "API description"). Every route of every
 * controller is in it without a decorator: request bodies and query DTOs are described from their
 * validation rules, admin routes carry the session requirement, and routes outside /api/ are marked
 * as served on the service's own port. Call it before `app.init()` / `listen`: a route added to
 * the adapter after them would come after Nest's not-found handler.
 */
export function serveApiDescription(app: INestApplication, options: ApiDescriptionOptions): void {
  // Built on the first request rather than at start (about 100 ms of a busy machine's start-up).
  let own: ApiDocument | undefined;
  const included = (options.include ?? []).map((source) => new IncludedDocument(source.name, source.url));
  const current = async (): Promise<ApiDocument> =>
    mergeApiDocuments(
      (own ??= describeApi(app, options)),
      await Promise.all(included.map(async (source) => ({ name: source.name, document: await source.read() }))),
    );

  const serve = (path: string, send: (res: Response, document: ApiDocument) => void): void => {
    app.getHttpAdapter().get(path, (_req: Request, res: Response) => {
      current().then(
        (document) => {
          res.setHeader('Cache-Control', 'no-cache');
          send(res, document);
        },
        () => res.status(500).json(errorBody(500, 'The API description could not be built.')),
      );
    });
  };
  serve(options.jsonPath, (res, document) => res.json(document));
  const { pagePath } = options;
  if (pagePath) serve(pagePath, (res, document) => res.type('html').send(renderApiDocsPage(document, options.jsonPath)));
}

/** The document of the app's own routes; exported for the tests. */
export function describeApi(app: INestApplication, options: ApiDescriptionOptions): ApiDocument {
  const dtos = describeRequestDtos(app);
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle(options.title)
    .setDescription(options.description)
    .setVersion('1')
    .addCookieAuth(
      'admin_session',
      { type: 'apiKey', in: 'cookie', description: 'The admin session from POST /api/admin/login; named __Host-admin_session over HTTPS.' },
      ADMIN_SECURITY,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config);
  // The validation pipe refuses fields a DTO does not declare (docs/api.md "Requests").
  for (const dto of dtos) {
    const schema = document.components?.schemas?.[dto.name];
    if (schema && !('$ref' in schema)) schema.additionalProperties = false;
  }
  document.paths[options.jsonPath] = { get: ownOperation('The OpenAPI 3.1 document of the API', 'application/json') };
  if (options.pagePath) document.paths[options.pagePath] = { get: ownOperation('The API description as a readable page', 'text/html') };
  Object.assign(document.paths, options.paths);
  for (const [path, item] of Object.entries(document.paths)) annotatePath(path, item);
  return document;
}

function ownOperation(summary: string, mediaType: string): Operation {
  return { operationId: `apiDescription_${mediaType === 'text/html' ? 'page' : 'document'}`, summary, tags: ['API description'], responses: { 200: { description: summary, content: { [mediaType]: {} } } } };
}

/**
 * Without the Nest CLI's compiler plugin, @nestjs/swagger sees a DTO's properties only through
 * @ApiProperty. Every class a controller takes as a parameter gets one per validated property that
 * has none, derived from its class-validator rules; a property described by hand is left alone.
 */
function describeRequestDtos(app: INestApplication): DtoClass[] {
  const described: DtoClass[] = [];
  for (const dto of controllerParameterTypes(app)) {
    const byHand = (Reflect.getMetadata('swagger/apiModelPropertiesArray', dto.prototype as object) as string[] | undefined) ?? [];
    const properties = propertiesFromValidation(dto);
    if (properties.size > 0) described.push(dto);
    for (const [name, schema] of properties) {
      if (byHand.includes(`:${name}`)) continue;
      ApiProperty(schema as Parameters<typeof ApiProperty>[0])(dto.prototype as object, name);
    }
  }
  return described;
}

function controllerParameterTypes(app: INestApplication): Set<DtoClass> {
  const types = new Set<DtoClass>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const prototype = (wrapper.metatype as DtoClass | null)?.prototype as object | undefined;
      if (!prototype) continue;
      for (const method of Object.getOwnPropertyNames(prototype)) {
        const parameters = (Reflect.getMetadata('design:paramtypes', prototype, method) as unknown[] | undefined) ?? [];
        for (const type of parameters) {
          if (typeof type === 'function' && ![String, Number, Boolean, Object, Array].includes(type as never)) types.add(type as DtoClass);
        }
      }
    }
  }
  return types;
}

function annotatePath(path: string, item: PathItemObject): void {
  const expressPath = path.replace(/\{([^}]+)\}/g, ':$1');
  for (const method of HTTP_METHODS) {
    const operation: Operation | undefined = item[method];
    if (!operation) continue;
    for (const [status, answer] of Object.entries(operation.responses) as [string, { description?: string }][]) {
      if (!answer.description) answer.description = STATUS_CODES[Number(status)] ?? status;
    }
    if (adminAccess(expressPath) === 'session') {
      operation.security = [{ [ADMIN_SECURITY]: [] }];
      operation.responses[401] ??= { description: 'No valid admin session.' };
    }
    if (operation.requestBody || (operation.parameters?.length ?? 0) > 0) {
      operation.responses[400] ??= { description: 'The request is not valid; the message says which field and why.' };
    }
    if (!path.startsWith('/api/')) {
      operation.description = [operation.description, "Served on the service's own port only, never through the gateway."].filter(Boolean).join(' ');
      operation['x-service-port-only'] = true;
    }
  }
}

/**
 * Another service's document, read from its own port at most every few seconds (concurrent
 * requests share one read); the last good copy stands in while that service does not answer.
 */
class IncludedDocument {
  private lastGood: ApiDocument | null = null;
  private readAt = 0;
  private reading: Promise<ApiDocument | null> | undefined;

  constructor(
    readonly name: string,
    private readonly url: string,
  ) {}

  read(): Promise<ApiDocument | null> {
    if (Date.now() - this.readAt < INCLUDED_DOCUMENT_FRESH_MS) return Promise.resolve(this.lastGood);
    this.reading ??= this.fetch().finally(() => {
      this.readAt = Date.now();
      this.reading = undefined;
    });
    return this.reading;
  }

  private async fetch(): Promise<ApiDocument | null> {
    try {
      const response = await fetch(this.url, { signal: AbortSignal.timeout(INCLUDED_DOCUMENT_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      const document = (await response.json()) as ApiDocument;
      if (typeof document.paths !== 'object' || document.paths === null) throw new Error('no paths');
      this.lastGood = document;
    } catch {
      // Not answering now: the routes stay described from the last copy, or are left out below.
    }
    return this.lastGood;
  }
}

/**
 * One document for several services: their paths, schemas, tags and security schemes side by
 * side. A service whose document could not be read is named in the description instead.
 */
export function mergeApiDocuments(own: ApiDocument, others: readonly { name: string; document: ApiDocument | null }[]): ApiDocument {
  const merged: ApiDocument = structuredClone(own);
  const missing: string[] = [];
  for (const { name, document } of others) {
    if (!document) {
      missing.push(name);
      continue;
    }
    for (const [path, item] of Object.entries(document.paths)) merged.paths[path] = { ...merged.paths[path], ...item };
    merged.components = {
      ...merged.components,
      schemas: { ...merged.components?.schemas, ...document.components?.schemas },
      securitySchemes: { ...merged.components?.securitySchemes, ...document.components?.securitySchemes },
    };
    const tags = new Map((merged.tags ?? []).map((tag) => [tag.name, tag]));
    for (const tag of document.tags ?? []) if (!tags.has(tag.name)) tags.set(tag.name, tag);
    merged.tags = [...tags.values()];
  }
  merged.paths = Object.fromEntries(Object.entries(merged.paths).sort(([a], [b]) => a.localeCompare(b)));
  if (missing.length > 0) {
    merged.info = { ...merged.info, description: `${merged.info.description ?? ''}\n\nNot included right now (the service did not answer): ${missing.join(', ')}.` };
    merged['x-missing-services'] = missing;
  }
  return merged;
}
