/**
 * The HTML report in a real headless browser (Debian's chromium, driven by playwright-core): every
 * chart has drawn (its canvas holds non-blank pixels), the console shows no error, and the page
 * asks for nothing over the network. A screenshot is saved in a temporary folder; with
 * UPDATE_SCREENSHOT=1 (npm run report-screenshot) a fuller report's screenshot is written to
 * docs/backtest-report.png, shown on docs/backtesting.md.
 *
 * Without chromium the test is skipped, except under CI=true, where a missing browser fails.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../cli/run-cli.js';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
const required = process.env.CI === 'true';
const update = process.env.UPDATE_SCREENSHOT === '1';
const ROOT = resolve(import.meta.dirname, '../..');

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface PageCheck {
  charts: string | undefined;
  canvases: { id: string; width: number; height: number; inked: number }[];
  errors: string[];
  requests: string[];
}

const CHART_IDS = ['chart-pnl', 'chart-inventory', 'chart-histogram', 'chart-markout', 'chart-guards'];

async function openReport(browser: Browser, file: string, screenshot: string, ids = CHART_IDS): Promise<PageCheck> {
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
      if (canvas === null) return { id, width: 0, height: 0, inked: 0 };
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      // Pixels that are drawn (not transparent, not white): axes, grid and series.
      let inked = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && (data[i] < 240 || data[i + 1] < 240 || data[i + 2] < 240)) inked++;
      return { id, width: canvas.width, height: canvas.height, inked };
    })`)) as PageCheck['canvases'];
  await page.screenshot({ path: screenshot, fullPage: true });
  const charts = (await page.evaluate('document.body.dataset.charts')) as string | undefined;
  await context.close();
  return { charts, canvases, errors, requests };
}

describe.skipIf(!available && !required)('backtest report in headless chromium', () => {
  let dir: string;
  let browser: Browser;

  beforeAll(async () => {
    if (!available) throw new Error(`${CHROMIUM} is missing (CI=true: the report's browser test must run; .ci/run installs chromium)`);
    dir = mkdtempSync(join(tmpdir(), 'makerd-report-'));
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
    // Launching chromium takes seconds on a loaded 2-core machine: more than the 10 s hook default.
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('draws every chart, logs no console error and loads nothing from the network', async () => {
    const file = join(dir, 'report.html');
    const run = await cli(['backtest', '--compare', 'bands,avellaneda', '--hours', '0.5', '--seeds', '3', '--out', file, '--no-progress']);
    expect(run.stderr).toContain(`report written to ${file}`);
    expect(run.code).toBe(0);
    const shot = join(dir, 'report.png');
    const check = await openReport(browser, file, shot);
    expect(check.errors).toEqual([]);
    expect(check.requests).toEqual([]);
    expect(check.charts).toBe('5');
    for (const c of check.canvases) {
      expect(c.width, c.id).toBeGreaterThan(300);
      // Axes and grid alone ink a few thousand pixels; the series add more. A blank canvas has 0.
      expect(c.inked, c.id).toBeGreaterThan(2_000);
    }
    expect(statSync(shot).size).toBeGreaterThan(10_000);
  }, 90_000);

  it.runIf(update)(
    'writes docs/backtest-report.png from a real report (UPDATE_SCREENSHOT=1)',
    async () => {
      const file = join(dir, 'docs-report.html');
      const run = await cli([
        'backtest',
        '--compare',
        'bands,avellaneda',
        '--params',
        'avellaneda=config/avellaneda-tuned.json',
        '--hours',
        '6',
        '--seeds',
        '20',
        '--out',
        file,
        '--no-progress',
      ]);
      expect(run.code).toBe(0);
      const check = await openReport(browser, file, join(ROOT, 'docs', 'backtest-report.png'));
      expect(check.errors).toEqual([]);
      expect(check.charts).toBe('5');
    },
    600_000,
  );
});
