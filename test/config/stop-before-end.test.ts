/**
 * quoting.stopBeforeEndSec and a market's own markets[i].stopBeforeEndSec: the default, the
 * override reaching the market's binding (its trading loop's stop, in ms), bad values refused
 * naming the key, and a SIGHUP reload that applies both.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { stopBeforeEndMsOf } from '../../src/market/configured-markets.js';
import { resolveBindings, toBinding } from '../../src/trading/market-bindings.js';
import { ignoredOnReload } from '../../src/trading/reload-ignored.js';
import { builtinStrategiesDir, loadStrategies } from '../../src/strategy/strategy-registry.js';
import { configErrorOf } from '../support/config-helpers.js';

const A = `0x${'a'.repeat(64)}`;
const B = `0x${'b'.repeat(64)}`;

describe('quoting.stopBeforeEndSec', () => {
  it('is 300 s by default, set by MAKERD_QUOTING_STOP_BEFORE_END_SEC, and a market entry may have its own', async () => {
    expect(loadConfig({ env: {} }).config.quoting.stopBeforeEndSec).toBe(300);
    const env = {
      MAKERD_QUOTING_STOP_BEFORE_END_SEC: '120',
      MAKERD_MARKETS: JSON.stringify([{ market: A, stopBeforeEndSec: 900 }, { market: B }]),
    };
    const { config } = loadConfig({ env });
    expect(config.quoting.stopBeforeEndSec).toBe(120);
    expect([0, 1, 'selector' as const].map((entry) => stopBeforeEndMsOf(config, entry))).toEqual([900_000, 120_000, 120_000]);
    const strategies = await loadStrategies([builtinStrategiesDir()]);
    const bindings = resolveBindings(
      [
        { conditionId: A, tokens: [`${A}:0`, `${A}:1`], entry: 0 },
        { conditionId: B, tokens: [`${B}:0`, `${B}:1`], entry: 'selector' },
      ],
      config,
      strategies,
    );
    expect(bindings.map((b) => toBinding(b).stopBeforeEndMs)).toEqual([900_000, 120_000]);
  });

  it('refuses a value that is not a whole number of seconds >= 0, naming the key', () => {
    expect(configErrorOf(() => loadConfig({ env: { MAKERD_QUOTING_STOP_BEFORE_END_SEC: '-1' } })).message).toContain(
      'quoting.stopBeforeEndSec',
    );
    for (const bad of [-5, 1.5, '60']) {
      const env = { MAKERD_MARKETS: JSON.stringify([{ market: A, stopBeforeEndSec: bad }]) };
      expect(configErrorOf(() => loadConfig({ env })).message).toContain('[0].stopBeforeEndSec must be a whole number of seconds >= 0');
    }
  });

  it('is applied by a reload (not named as ignored until a restart)', () => {
    const running = loadConfig({ env: {} }).config;
    const next = loadConfig({ env: { MAKERD_QUOTING_STOP_BEFORE_END_SEC: '60' } }).config;
    expect(ignoredOnReload(running, next)).toEqual([]);
  });
});
