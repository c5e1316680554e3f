// The API reference is read from the server's own OpenAPI document (/api/openapi.json), which is
// generated from the route schemas: the page cannot describe a parameter or an endpoint the
// server does not have.
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../lib/api';

export const OPENAPI_PATH = '/api/openapi.json';

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  description?: string;
}

export interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface ApiEndpoint {
  method: string;
  path: string;
  summary: string;
  tag: string;
  needsSession: boolean;
}

export function useOpenApi() {
  return useQuery({
    queryKey: ['openapi'],
    queryFn: ({ signal }) => apiGet<OpenApiDocument>(OPENAPI_PATH, { signal }),
    staleTime: Infinity,
  });
}

/** Every operation of the document, in the document's tag order, then by path. */
export function listEndpoints(doc: OpenApiDocument): ApiEndpoint[] {
  const tagOrder = (doc.tags ?? []).map((tag) => tag.name);
  const rank = (tag: string) => (tagOrder.includes(tag) ? tagOrder.indexOf(tag) : tagOrder.length);
  const endpoints = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      summary: operation.summary ?? '',
      tag: operation.tags?.[0] ?? 'Other',
      needsSession: (operation.security ?? []).length > 0,
    })),
  );
  return endpoints.sort((a, b) => rank(a.tag) - rank(b.tag) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** The query parameters of one operation. */
export function queryParameters(doc: OpenApiDocument, path: string, method = 'get'): OpenApiParameter[] {
  return (doc.paths[path]?.[method]?.parameters ?? []).filter((parameter) => parameter.in === 'query');
}

/** "json | jsonl | csv" for an enumeration, else the default value, else nothing. */
export function parameterValues(parameter: OpenApiParameter): string {
  const schema = parameter.schema ?? {};
  if (schema.enum) return schema.enum.map(String).join(' | ');
  if (schema.default !== undefined) return `default ${String(schema.default)}`;
  return '';
}
