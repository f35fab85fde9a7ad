/**
 * A live daemon fits the flow it sees and exports it: `makerd run` in sim mode (the embedded
 * simulator's demo-world flow, the market stream on) quoting with glft counts the public prints
 * as takers, shows each market's fit on /metrics and /status, and — with too little data yet —
 * quotes with glft's configured a and k, counting that and logging it once per side.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { runDaemon } from '../../src/main.js';
import { logCapture } from '../support/log-capture.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('fitted flow intensity on a live daemon', () => {
  it('exports each market its takers, A and k, and counts the fallback while the fit is not trusted', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'makerd-intensity-')), 'data');
    const { config } = loadConfig({
      env: {
        MAKERD_SIM_MARKETS: '2',
        MAKERD_SIM_WORLD: 'demo',
        // A busy flow: prints within the first seconds.
        MAKERD_SIM_FLOW_A: '4',
        MAKERD_STRATEGY: 'glft',
        MAKERD_POLLER_INTERVAL_MS: '100',
        MAKERD_DATA_DIR: dataDir,
        MAKERD_METRICS_PORT: '0',
      },
    });
    const { logger, lines } = logCapture();
    const stop = new AbortController();
    const running = runDaemon(config, logger, stop.signal);
    try {
      let url: string | undefined;
      let scrape = '';
      // Waits (real time: the simulator's flow runs on the clock) for the takers to be counted.
      for (let i = 0; i < 300; i++) {
        await sleep(100);
        url ??= lines.find((r) => r.msg === 'metrics server listening (/metrics, /healthz, /readyz, /status)')?.url as string | undefined;
        if (url === undefined) continue;
        scrape = await (await fetch(`${url}/metrics`)).text();
        const counted = /makerd_flow_intensity_takers_total\{result="counted"\} (\d+)/.exec(scrape);
        if (counted !== null && Number(counted[1]) >= 5 && /makerd_flow_intensity_fallback_total\{/.test(scrape)) break;
      }
      expect(url).toBeDefined();
      expect(Number(/makerd_flow_intensity_takers_total\{result="counted"\} (\d+)/.exec(scrape)?.[1])).toBeGreaterThanOrEqual(5);
      const status = (await (await fetch(`${url}/status`)).json()) as {
        markets: { market: string; flowIntensity?: Record<'bid' | 'ask', { status: string; trades: number }> }[];
      };
      expect(status.markets).toHaveLength(2);
      for (const m of status.markets) {
        expect(m.flowIntensity?.bid.status).toBe('few-trades');
        for (const side of ['bid', 'ask'] as const) {
          // The same takers on /metrics as on /status.
          const samples = new RegExp(`makerd_flow_intensity_samples\\{market="${m.market}",side="${side}"\\} (\\d+)`).exec(scrape);
          expect(samples, `${m.market} ${side}`).not.toBeNull();
          expect(new RegExp(`makerd_flow_intensity_trusted\\{market="${m.market}",side="${side}"\\} 0`).test(scrape)).toBe(true);
        }
      }
      const total = status.markets.reduce((n, m) => n + (m.flowIntensity?.bid.trades ?? 0) + (m.flowIntensity?.ask.trades ?? 0), 0);
      expect(total).toBeGreaterThan(0);
      expect(scrape).toMatch(/makerd_flow_intensity_fallback_total\{market="0x[0-9a-f]{64}",side="(bid|ask)",reason="few-trades"\} [1-9]/);
    } finally {
      stop.abort();
      await running;
    }
    // Logged once per market and side when the fallback starts, never per evaluation.
    const fallbacks = lines.filter((r) => r.msg === 'flow intensity fit not trusted: quoting with the configured values');
    expect(fallbacks.length).toBeGreaterThan(0);
    expect(fallbacks.length).toBeLessThanOrEqual(4);
    expect(new Set(fallbacks.map((r) => `${r.market as string}|${r.side as string}`)).size).toBe(fallbacks.length);
    expect(fallbacks[0]).toMatchObject({ reason: 'few-trades', component: 'intensity' });
  }, 60_000);
});
