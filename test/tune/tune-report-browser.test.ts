/**
 * The tune report in a real headless browser (Debian's chromium, driven by playwright-core), as
 * the backtest report's test does: the frontier and every parameter's chart have drawn (their
 * canvases hold inked pixels), the finalists' table is there, the console shows no error and the
 * page asks for nothing over the network. Skipped without chromium, except under CI=true.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../cli/run-cli.js';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
const required = process.env.CI === 'true';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

describe.skipIf(!available && !required)('tune report in headless chromium', () => {
  let dir: string;
  let browser: Browser;

  beforeAll(async () => {
    if (!available) throw new Error(`${CHROMIUM} is missing (CI=true: the report's browser test must run; .ci/run installs chromium)`);
    dir = mkdtempSync(join(tmpdir(), 'makerd-tune-report-'));
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('draws the frontier and each parameter’s effect (choices and a log range among them), no console error, no network', async () => {
    const space = join(dir, 'space.json');
    writeFileSync(space, JSON.stringify({ k: { min: 5, max: 30, log: true }, levels: { values: [1, 2] }, minSpread: true }));
    const file = join(dir, 'report.html');
    const run = await cli([
      'tune',
      '--strategy',
      'avellaneda',
      '--world',
      'demo',
      '--hours',
      '0.1',
      '--space',
      space,
      '--settings',
      '8',
      '--brackets',
      '2',
      '--seeds',
      '3',
      '--min-seeds',
      '1',
      '--validation-seeds',
      '2',
      '--results',
      join(dir, 'results.json'),
      '--report',
      file,
      '--no-progress',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const html = readFileSync(file, 'utf8');
    expect(html).not.toMatch(/\b(src|href)="?https?:/);
    const ids = ['chart-frontier', 'chart-effect-0', 'chart-effect-1', 'chart-effect-2'];
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('request', (r) => {
      if (!r.url().startsWith('file://')) requests.push(r.url());
    });
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector(`body[data-charts="${ids.length}"]`, { timeout: 15_000 });
    // Browser code as text: this file is compiled without the DOM library.
    const canvases = (await page.evaluate(`${JSON.stringify(ids)}.map((id) => {
      const canvas = document.querySelector('#' + id + ' canvas');
      if (canvas === null) return { id, width: 0, inked: 0, blue: 0, red: 0 };
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let inked = 0, blue = 0, red = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] === 0) continue;
        const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
        if (r < 240 || g < 240 || b < 240) inked++;
        if (b > 150 && r < 120) blue++;
        if (r > 180 && g < 80 && b < 80) red++;
      }
      return { id, width: canvas.width, inked, blue, red };
    })`)) as { id: string; width: number; inked: number; blue: number; red: number }[];
    const rows = (await page.evaluate("document.querySelectorAll('table.summary')[0].querySelectorAll('tbody tr').length")) as number;
    await page.screenshot({ path: join(dir, 'report.png'), fullPage: true });
    await context.close();
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    expect(rows).toBe(2); // one finalist per bracket
    for (const c of canvases) {
      expect(c.width, c.id).toBeGreaterThan(300);
      expect(c.inked, c.id).toBeGreaterThan(2_000);
      // The points: every chart has settings (blue) and the best (red) drawn.
      expect(c.blue, c.id).toBeGreaterThan(20);
      expect(c.red, c.id).toBeGreaterThan(20);
    }
    expect(statSync(join(dir, 'report.png')).size).toBeGreaterThan(10_000);
  }, 120_000);
});
