// Issue 17, items 7 and 9. An artist name with '/', '#', '?' and '&' (accepted at submission)
// gets its page, for people and for crawlers (status 200, title, Open Graph, JSON-LD), at the
// address the app links to. (The log position this file also checked is now log-entry-number.spec.ts.)
import type { APIRequestContext } from '@playwright/test';
import type { PublicWork, SubmissionCreated, UploadResponse } from '../../core/api-types';
import { picture } from '../fixtures/images';
import { expect, expectNoAxeViolations, saveScreenshot, test } from './fixtures';

const RUN = Date.now().toString(36);
const ARTIST = `AC/DC #1? & Co ${RUN}`;
const ARTIST_PATH = `/artist/${encodeURIComponent(ARTIST)}`;
const TITLE = `Highway study ${RUN}`;

let seed = 5_000_000 + (Number.parseInt(RUN.slice(-4), 36) % 100_000) * 10;

async function registerWork(request: APIRequestContext, title: string): Promise<PublicWork> {
  seed += 1;
  const png = await picture({ width: 640, height: 480, seed }).png().toBuffer();
  const upload = await request.post('/api/uploads', {
    multipart: { file: { name: `slash-${seed}.png`, mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { upload_id } = (await upload.json()) as UploadResponse;
  const submission = await request.post('/api/submissions', {
    data: {
      upload_id,
      title,
      prompt: 'An empty desert highway at dawn, heat haze, long lens, muted film colours',
      tool: 'Midjourney',
      author_email: `slash-${RUN}@example.com`,
      artist_name: ARTIST,
      profile_links: [`https://band.example/${RUN}`],
    },
  });
  expect(submission.status(), await submission.text()).toBe(201);
  const { id } = (await submission.json()) as SubmissionCreated;
  return (await (await request.get(`/api/submissions/${id}`)).json()) as PublicWork;
}

/** content of <meta property|name="key" content="…">, entities decoded. */
function meta(html: string, key: string): string | null {
  const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  return m
    ? m[1]
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    : null;
}

let work: PublicWork;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(90_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    work = await registerWork(request, TITLE);
  } finally {
    await request.dispose();
  }
});

test.describe("an artist name containing '/'", () => {
  test('the proof page links to the artist page, which people see with the work and crawlers get with status 200, title, Open Graph and JSON-LD', async ({
    page,
    request,
    baseUrl,
  }) => {
    await page.goto(`/verify/${work.registry_id}`);
    const artistLink = page.getByRole('link', { name: ARTIST, exact: true }).first();
    await expect(artistLink).toHaveAttribute('href', ARTIST_PATH);
    await artistLink.click();
    await expect(page).toHaveURL(`${baseUrl}${ARTIST_PATH}`);
    await expect(page.getByRole('heading', { level: 1, name: ARTIST })).toBeVisible();
    await expect(page.getByRole('link', { name: TITLE, exact: true })).toBeVisible();

    // Opened directly (a shared link, a crawler): the server serves the page itself.
    const response = await page.goto(ARTIST_PATH);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: ARTIST })).toBeVisible();
    await expect(page).toHaveTitle(`${ARTIST} | VeriWork`);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'artist-name-with-slash', 375);
    await saveScreenshot(page, 'artist-name-with-slash', 1280);

    const crawler = await request.get(ARTIST_PATH, { headers: { 'User-Agent': 'Googlebot/2.1' } });
    expect(crawler.status()).toBe(200);
    const html = await crawler.text();
    expect(html).toContain(`<title>${ARTIST.replace('&', '&amp;')} | VeriWork</title>`);
    expect(meta(html, 'og:title')).toBe(ARTIST);
    expect(meta(html, 'og:url')).toBe(`${baseUrl}${ARTIST_PATH}`);
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    const [person, list] = JSON.parse(ld![1])['@graph'];
    expect(person).toMatchObject({ '@type': 'Person', name: ARTIST, url: `${baseUrl}${ARTIST_PATH}` });
    expect(list.itemListElement.map((i: { name: string }) => i.name)).toEqual([TITLE]);
  });
});
