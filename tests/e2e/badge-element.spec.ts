// The live badge element on someone else's site: a plain HTML page served from another origin,
// with a strict Content-Security-Policy (no inline scripts or styles), loads /embed/badge.js and
// shows <veriwork-badge> for a seeded work.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LedgerResponse } from '../../core/api-types';
import { expect, expectNoAxeViolations, test } from './fixtures';

interface HostSite {
  origin: string;
  close(): Promise<void>;
}

/** An artist's own site on another port: one page, under the CSP a careful site would send. */
async function startHostSite(registryOrigin: string, body: string): Promise<HostSite> {
  const csp = [
    "default-src 'none'",
    `script-src ${registryOrigin}`,
    `connect-src ${registryOrigin}`,
    "style-src 'self'",
    "img-src 'self'",
  ].join('; ');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>My portfolio</title></head><body><main><h1>My portfolio</h1>${body}</main><script src="${registryOrigin}/embed/badge.js"></script></body></html>`;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // 'localhost' is another origin than the registry's 127.0.0.1, as another site would be.
  return { origin: `http://localhost:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('renders a work’s live status on a page of another origin under a strict CSP, with details on focus, and passes axe', async ({
  page,
  baseUrl,
  request,
}) => {
  const ledger = (await (await request.get('/api/ledger?sort=newest')).json()) as LedgerResponse;
  const work = ledger.items[0];
  const data = await (await request.get(`/embed/badge/${work.registry_id}`)).json();
  const host = await startHostSite(baseUrl, `<p>Latest piece:</p><veriwork-badge work="${work.registry_id}"></veriwork-badge>`);
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  try {
    await page.goto(host.origin);
    const badge = page.locator('veriwork-badge').getByRole('link');
    await expect(badge).toHaveAccessibleName(`VeriWork ${data.status_label} · Trust score ${data.trust_score}/100`);
    expect(data.proof_url).toMatch(new RegExp(`/verify/${work.id}$`));
    await expect(badge).toHaveAttribute('href', data.proof_url);
    // Styled by the adopted stylesheet although the page allows no inline styles.
    await expect(badge).toHaveCSS('border-left-width', '6px');

    const details = page.locator('veriwork-badge').getByRole('tooltip');
    await expect(details).toBeHidden();
    await badge.focus();
    await expect(details).toBeVisible();
    await expect(details).toContainText(work.title);
    await expect(details).toContainText(`by ${work.artist_name}`);
    await expect(details).toContainText(work.registry_id);
    await expect(badge).toHaveAccessibleDescription(new RegExp(work.registry_id));

    await expectNoAxeViolations(page);
    expect(violations).toEqual([]);
  } finally {
    await host.close();
  }
});

test("says 'Not found' for an unknown Registry ID without breaking the host page", async ({ page, baseUrl }) => {
  const host = await startHostSite(baseUrl, '<veriwork-badge work="VW-2026-999999"></veriwork-badge>');
  try {
    await page.goto(host.origin);
    const status = page.locator('veriwork-badge').getByRole('status');
    await expect(status).toContainText('Not found');
    await expect(status).toContainText("This Registry ID doesn't exist or the submission is private.");
    await expect(page.getByRole('heading', { name: 'My portfolio' })).toBeVisible();
  } finally {
    await host.close();
  }
});
