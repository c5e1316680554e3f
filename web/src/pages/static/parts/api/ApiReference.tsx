import { CodeBlock } from '../CodeBlock';
import { Prose, Section } from '../Section';
import type { SiteFacts } from '../useSite';
import { API_PATH, FORMATS, LEGACY_API_PATH } from './apiParams';
import { DataTable } from './DataTable';
import { parameterValues, queryParameters, useOpenApi } from './useOpenApi';

/** Base URL, formats and query parameters (the parameters as the server's OpenAPI document lists them). */
export function ApiReference({ site }: { site: SiteFacts }) {
  const { data: doc, isError } = useOpenApi();
  const parameters = doc ? queryParameters(doc, API_PATH) : [];
  return (
    <>
      <Section id="base-url" title="Base URL">
        <CodeBlock label="Base URL" code={`${site.siteUrl}${API_PATH}`} copiedDescription="API base URL copied to clipboard" />
        <Prose>
          <p>
            The same API also answers at the legacy path <code>{LEGACY_API_PATH}</code>. No key and no sign-up are needed. Only public,
            non-deleted works are included; e-mail addresses, IP addresses and private prompts never are.
          </p>
        </Prose>
      </Section>

      <Section id="formats" title="Supported formats">
        <DataTable
          caption="Supported formats"
          columns={['format', 'Use']}
          minWidth="min-w-[20rem]"
          rows={FORMATS.map((format) => [format.name, format.use])}
        />
      </Section>

      <Section id="query-parameters" title="Query parameters">
        {doc ? (
          <DataTable
            caption="Query parameters"
            columns={['Parameter', 'Values', 'Description']}
            rows={parameters.map((parameter) => [parameter.name, parameterValues(parameter), parameter.description ?? ''])}
          />
        ) : (
          <p className="text-muted-foreground" role="status">
            {isError ? 'The API description could not be loaded. Please reload the page.' : 'Loading the API description…'}
          </p>
        )}
      </Section>
    </>
  );
}
