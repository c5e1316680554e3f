import { Section } from '../Section';
import { DataTable } from './DataTable';
import { listEndpoints, OPENAPI_PATH, useOpenApi } from './useOpenApi';

/** Every endpoint the server has, grouped as the OpenAPI document groups them. */
export function ApiEndpoints() {
  const { data: doc } = useOpenApi();
  if (!doc) return null;
  const endpoints = listEndpoints(doc);
  const tags = [...new Set(endpoints.map((endpoint) => endpoint.tag))];
  return (
    <Section
      id="endpoints"
      title="All endpoints"
      intro={
        <p>
          Generated from the server&apos;s own description,{' '}
          <a className="text-primary underline" href={OPENAPI_PATH}>
            {OPENAPI_PATH}
          </a>{' '}
          (OpenAPI 3.1, with request, response and error schemas for every endpoint).
        </p>
      }
    >
      {tags.map((tag) => (
        <div key={tag} className="mt-6 first:mt-0">
          <h3 className="mb-2 text-lg font-semibold">{tag}</h3>
          <DataTable
            caption={`${tag} endpoints`}
            columns={['Endpoint', 'What it does', 'Access']}
            rows={endpoints
              .filter((endpoint) => endpoint.tag === tag)
              .map((endpoint) => [
                `${endpoint.method} ${endpoint.path}`,
                endpoint.summary,
                endpoint.needsSession ? 'Admin session' : 'Public',
              ])}
          />
        </div>
      ))}
    </Section>
  );
}
