/** SIGHUP names what it could not apply: settings other than risk, strategy and markets need a restart. */
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { reloadConfiguration, type ReloadTargets } from '../../src/trading/config-reload.js';
import { ignoredOnReload } from '../../src/trading/reload-ignored.js';
import { logCapture } from '../support/log-capture.js';

const config = (env: NodeJS.ProcessEnv = {}) => loadConfig({ env: { MAKERD_DATA_DIR: '/tmp/makerd-reload', ...env } }).config;

function targets(running = config()): ReloadTargets {
  return {
    loop: { markets: [], markDirty: vi.fn() },
    risk: { setLimits: vi.fn(), setConfiguredState: vi.fn() },
    killSwitch: { setFlag: vi.fn() },
    losses: { setLimits: () => ({ daily: false, drawdown: false, changes: [] }) },
    selected: [],
    strategies: new Map(),
    running,
  } as unknown as ReloadTargets;
}

describe('ignoredOnReload', () => {
  it('lists the changed settings a reload cannot apply, by name, sorted', () => {
    const next = config({ MAKERD_POLLER_INTERVAL_MS: '5000', MAKERD_METRICS_PORT: '9999', MAKERD_RISK_MAX_DAILY_LOSS: '50' });
    expect(ignoredOnReload(config(), next)).toEqual(['metrics.port', 'poller.intervalMs']);
  });

  it('nothing when only reloadable settings changed', () => {
    expect(ignoredOnReload(config(), config({ MAKERD_RISK_MAX_DAILY_LOSS: '50', MAKERD_STRATEGY: 'bands' }))).toEqual([]);
  });

  it("the selector's swap hysteresis reloads; the rest of the selector needs a restart", () => {
    const next = config({ MAKERD_SELECTOR_SWAP_MARGIN: '0.5', MAKERD_SELECTOR_MIN_HOLD_SEC: '60', MAKERD_SELECTOR_RERANK_SEC: '600' });
    expect(ignoredOnReload(config(), next)).toEqual(['selector.rerankSec']);
  });
});

describe('reloadConfiguration', () => {
  it('says which settings it ignored and that a restart is needed', () => {
    const { logger, lines } = logCapture();
    reloadConfiguration(() => config({ MAKERD_POLLER_INTERVAL_MS: '5000', MAKERD_METRICS_PORT: '9999' }), targets(), logger);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'warn',
      ignored: ['metrics.port', 'poller.intervalMs'],
      msg: 'configuration reloaded: strategy parameters and risk limits; ignored until a restart: metrics.port, poller.intervalMs (a reload cannot change them)',
    });
  });

  it("hands the reloaded configuration to the selector's swaps", () => {
    const { logger } = logCapture();
    const reload = vi.fn();
    reloadConfiguration(() => config({ MAKERD_SELECTOR_SWAP_MARGIN: '0.35' }), { ...targets(), selector: { reload } }, logger);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reload.mock.calls[0]![0].selector).toMatchObject({ swapMargin: '0.35', minHoldSec: 3600 });
  });

  it('an unchanged file: reloaded, nothing ignored', () => {
    const { logger, lines } = logCapture();
    reloadConfiguration(() => config(), targets(), logger);
    expect(lines.map((l) => l.msg)).toEqual(['configuration reloaded: strategy parameters and risk limits']);
  });
});
