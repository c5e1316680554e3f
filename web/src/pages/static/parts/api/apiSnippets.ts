// Copyable samples of the API page, built from the deployment's own address.
import { API_PATH } from './apiParams';

export function exampleCalls(siteUrl: string): string {
  const base = `${siteUrl}${API_PATH}`;
  return [
    `# 100 newest public records as JSON`,
    `curl "${base}"`,
    '',
    `# Works scoring 75 or more, made with Midjourney, with public prompts`,
    `curl "${base}?min_trust_level=75&tool_filter=Midjourney&include_prompts=true"`,
    '',
    `# Works whose artists allowed AI training, registered in 2026, as JSONL`,
    `curl "${base}?format=jsonl&training_allowed=true&date_from=2026-01-01&date_to=2026-12-31"`,
    '',
    `# Next page: pass next_cursor from the previous response`,
    `curl "${base}?limit=1000&cursor=NEXT_CURSOR_VALUE"`,
  ].join('\n');
}

export function responseSample(siteUrl: string): string {
  const sample = {
    metadata: {
      total_entries: 1284,
      offset: 0,
      limit: 1,
      min_trust_level: 0,
      include_prompts: true,
      generated_at: '2026-11-22T02:00:00.000Z',
      api_version: '1.0',
      next_cursor: 'eyJjcmVhdGVkX2F0IjoiMjAyNi0xMS0yMlQwMTo0OTo1OS4wMDBaIiwiaWQiOiIuLi4ifQ',
      training_allowed: false,
    },
    data: [
      {
        id: 'VW-2026-000001',
        uuid: '3f1c2a9e-7b4d-4e8a-9c61-5d2f0b7a1e34',
        title: 'Neon Tide',
        artist_name: 'Ada Example',
        author_location: 'Pittsburgh, PA, United States',
        prompt: 'A lone lighthouse over a neon-lit tide at dusk, long exposure, teal and magenta, 35mm',
        prompt_available: true,
        tool: 'Stable Diffusion',
        platform: 'Discord',
        verification_method: 'fast_submit',
        trust_meter: 78,
        status: 'Traceable',
        tags: ['AI Art', 'portrait', 'neon'],
        usage_type: ['Personal Project'],
        created_at: '2026-11-22T01:49:59.000Z',
        image_available: true,
        image_url: `${siteUrl}/storage/v1/object/public/artworks/neon-tide.jpg`,
        image_sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
        license: 'CC BY 4.0',
        permissions: {
          allow_ai_training: false,
          restrict_usage: false,
          remix_allowed: true,
          no_commercial: false,
          sensitive_content: false,
          must_give_credit: true,
        },
        log_index: 0,
        ledger_url: `${siteUrl}/verify/VW-2026-000001`,
      },
    ],
  };
  return JSON.stringify(sample, null, 2);
}

export function pythonSnippet(siteUrl: string): string {
  return `import time

import requests

BASE = "${siteUrl}${API_PATH}"

def fetch_all(**filters):
    """Yield every matching record, following next_cursor page by page."""
    params = {"format": "json", "limit": 1000, **filters}
    while True:
        response = requests.get(BASE, params=params, timeout=30)
        if response.status_code == 429:  # rate limited: wait as the server asks
            time.sleep(int(response.headers.get("Retry-After", "60")))
            continue
        response.raise_for_status()
        page = response.json()
        yield from page["data"]
        cursor = page["metadata"].get("next_cursor")
        if not cursor:
            break
        params["cursor"] = cursor

for record in fetch_all(min_trust_level=62, training_allowed="true"):
    print(record["id"], record["trust_meter"], record["title"])
`;
}

export function javascriptSnippet(siteUrl: string): string {
  return `const BASE = '${siteUrl}${API_PATH}';

// Yields every matching record, following next_cursor page by page.
async function* fetchAll(filters = {}) {
  const params = new URLSearchParams({ format: 'json', limit: '1000', ...filters });
  while (true) {
    const response = await fetch(\`\${BASE}?\${params}\`);
    if (response.status === 429) {
      const seconds = Number(response.headers.get('Retry-After') ?? 60);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    if (!response.ok) throw new Error(\`HTTP \${response.status}\`);
    const page = await response.json();
    yield* page.data;
    if (!page.metadata.next_cursor) break;
    params.set('cursor', page.metadata.next_cursor);
  }
}

for await (const record of fetchAll({ min_trust_level: '62', training_allowed: 'true' })) {
  console.log(record.id, record.trust_meter, record.title);
}
`;
}

/** Same wording as the server's datasetCitation (server/ledger/public-api/citation.ts). */
export function citationText(siteName: string, siteUrl: string): string {
  return `${siteName} Public Ledger (YYYY). AI-generated artwork registry dataset. Retrieved YYYY-MM-DD from ${siteUrl}${API_PATH}. Licensed CC BY 4.0.`;
}
