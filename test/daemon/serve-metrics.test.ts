import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { newDaemonView, STARTING_REASON } from '../../src/daemon/daemon-view.js';
import { serveMetrics } from '../../src/daemon/serve-metrics.js';
import { RecentProblems } from '../../src/metrics/recent-problems.js';
import { Portfolio } from '../../src/portfolio/index.js';
import { phaseContext } from './phase-context.js';

describe('phase serve-metrics', () => {
  it('answers /readyz, /status and /metrics before the venue is touched, with the phase in progress', async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 1));
    const { ctx, lines } = phaseContext(undefined, {}, clock);
    let phase = 'open-venue';
    const view = newDaemonView();
    const admin = await serveMetrics(ctx, {
      view,
      portfolio: new Portfolio({ clock }),
      problems: new RecentProblems({ secrets: [] }),
      phase: () => phase,
      startedAtMs: clock.now() - 2_000,
    });
    try {
      const url = admin.server.url;
      // The start-up line names every path the server answers.
      expect(lines.find((l) => l.msg === 'metrics server listening (/metrics, /healthz, /readyz, /status)')).toMatchObject({
        url,
        paths: ['/metrics', '/healthz', '/readyz', '/status'],
      });
      const ready = await fetch(`${url}/readyz`);
      expect([ready.status, await ready.text()]).toEqual([503, `${STARTING_REASON}\n`]);
      expect(await (await fetch(`${url}/status`)).json()).toMatchObject({
        // The default configuration: the embedded simulator (not opened yet: no URL), traded live.
        venue: { kind: 'embedded-simulator', baseUrl: null },
        trading: 'live',
        state: 'STARTING',
        allMarketsState: null,
        marketsByState: {},
        ready: false,
        reason: STARTING_REASON,
        phase: 'open-venue',
        markets: [],
        uptimeSeconds: 2,
      });
      view.venueBaseUrl = 'http://127.0.0.1:45678';
      expect(((await (await fetch(`${url}/status`)).json()) as { venue: unknown }).venue).toEqual({
        kind: 'embedded-simulator',
        baseUrl: 'http://127.0.0.1:45678',
      });
      phase = 'select-markets';
      expect(((await (await fetch(`${url}/status`)).json()) as { phase: string }).phase).toBe('select-markets');
      expect(await (await fetch(`${url}/metrics`)).text()).toMatch(/^makerd_ready 0$/m);
      view.startup = undefined;
      // Start-up over but no market data yet: the freshness rule answers.
      expect(await (await fetch(`${url}/readyz`)).text()).toBe('no market snapshot yet\n');
    } finally {
      await admin.server.close();
    }
  });
});
