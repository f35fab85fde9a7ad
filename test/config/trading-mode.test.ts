import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { MONITOR_ONLY_DEPRECATED } from '../../src/config/trading-mode.js';
import { streamOn } from '../../src/market/stream-endpoints.js';
import { configErrorOf } from '../support/config-helpers.js';

const mode = (env: NodeJS.ProcessEnv, args: string[] = []) => {
  const { config, warnings } = loadConfig({ env, args });
  return { mode: config.trading.mode, monitorOnly: config.trading.monitorOnly, deprecated: warnings.includes(MONITOR_ONLY_DEPRECATED) };
};

describe('trading.mode', () => {
  it('is live by default; paper and monitor by variable or flag; monitorOnly follows mode', () => {
    expect(mode({})).toEqual({ mode: 'live', monitorOnly: false, deprecated: false });
    expect(mode({ MAKERD_TRADING_MODE: 'paper' })).toEqual({ mode: 'paper', monitorOnly: false, deprecated: false });
    expect(mode({}, ['--trading-mode', 'paper'])).toEqual({ mode: 'paper', monitorOnly: false, deprecated: false });
    expect(mode({ MAKERD_TRADING_MODE: 'monitor' })).toEqual({ mode: 'monitor', monitorOnly: true, deprecated: false });
  });

  it('keeps monitorOnly working as a deprecated alias of monitor, with a warning', () => {
    expect(mode({ MAKERD_MONITOR_ONLY: 'true' })).toEqual({ mode: 'monitor', monitorOnly: true, deprecated: true });
    expect(mode({}, ['--monitor-only', 'true'])).toEqual({ mode: 'monitor', monitorOnly: true, deprecated: true });
    expect(mode({ MAKERD_MONITOR_ONLY: 'true', MAKERD_TRADING_MODE: 'monitor' })).toEqual({
      mode: 'monitor',
      monitorOnly: true,
      deprecated: true,
    });
    // Set to false it changes nothing (and still says it is deprecated).
    expect(mode({ MAKERD_MONITOR_ONLY: 'false', MAKERD_TRADING_MODE: 'paper' })).toEqual({
      mode: 'paper',
      monitorOnly: false,
      deprecated: true,
    });
  });

  it('refuses a contradiction, an unknown mode, and paper mode without the market stream', () => {
    expect(configErrorOf(() => loadConfig({ env: { MAKERD_MONITOR_ONLY: 'true', MAKERD_TRADING_MODE: 'paper' } })).message).toMatch(
      /trading\.monitorOnly is true but trading\.mode is "paper"/,
    );
    expect(configErrorOf(() => loadConfig({ env: { MAKERD_MONITOR_ONLY: 'true', MAKERD_TRADING_MODE: 'live' } })).message).toMatch(
      /trading\.monitorOnly is true but trading\.mode is "live"/,
    );
    expect(configErrorOf(() => loadConfig({ env: { MAKERD_TRADING_MODE: 'papr' } })).message).toMatch(/trading\.mode/);
    expect(configErrorOf(() => loadConfig({ env: { MAKERD_TRADING_MODE: 'paper', MAKERD_STREAM_MARKET: 'off' } })).message).toMatch(
      /trading\.mode "paper" needs the market stream \(stream\.market "auto" or "on"\)/,
    );
  });

  it('turns the market stream on in paper mode when it is auto, on the live venue too', () => {
    const live = { venue: loadConfig({ env: {} }).config.venue };
    live.venue.mode = 'live';
    expect(streamOn('auto', live)).toBe(false);
    expect(streamOn('auto', { ...live, trading: { mode: 'paper' } })).toBe(true);
    expect(streamOn('auto', { ...live, trading: { mode: 'monitor' } })).toBe(false);
    expect(streamOn('off', { ...live, trading: { mode: 'paper' } })).toBe(false);
  });
});
