/**
 * Numbers given as text (flags, variables, strings in a config file) are plain decimals, as the
 * README promises (issue 9 point 9): `Number()` would also read "0x10" as 16, "1e3" as 1000,
 * "Infinity", "0b1" as 1 and " " as 0. JSON numbers in a file are numbers already
 * (`1e3` in JSON is the number 1000) and are taken as they are.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { cli } from '../cli/run-cli.js';
import { configErrorOf, tmpFile } from '../support/config-helpers.js';

const NOT_PLAIN = ['0x10', '1e3', '1E3', 'Infinity', '0b1', '0o7', '+5', '.5', '5.', '1_000', '1,000', '10ms'];

const INTERVAL_RULE = 'must be an integer from 1 to 86400000, in plain decimal notation';

describe('MAKERD_POLLER_INTERVAL_MS and the other number variables', () => {
  it.each(NOT_PLAIN)('refuses %s, naming the key, the value and the rule', (text) => {
    const err = configErrorOf(() => loadConfig({ env: { MAKERD_POLLER_INTERVAL_MS: text } }));
    expect(err.message).toBe(`invalid configuration: poller.intervalMs: ${INTERVAL_RULE}: value was ${JSON.stringify(text)}`);
  });

  it('takes plain decimals, surrounding blanks ignored', () => {
    expect(loadConfig({ env: { MAKERD_POLLER_INTERVAL_MS: '1000' } }).config.poller.intervalMs).toBe(1000);
    expect(loadConfig({ env: { MAKERD_POLLER_INTERVAL_MS: ' 250 ' } }).config.poller.intervalMs).toBe(250);
    expect(loadConfig({ env: { MAKERD_LIMITS_SAFETY: '0.85' } }).config.limits.safety).toBe(0.85);
  });

  it('applies to every number format: ratios, counts, ports', () => {
    expect(configErrorOf(() => loadConfig({ env: { MAKERD_LIMITS_SAFETY: '1e-1' } })).message).toBe(
      'invalid configuration: limits.safety: must be a number in (0, 1], in plain decimal notation: value was "1e-1"',
    );
    expect(configErrorOf(() => loadConfig({ env: { MAKERD_SIM_MARKETS: '0x3' } })).message).toMatch(
      /^invalid configuration: sim\.markets: must be an integer from \d+ to [\d,]+, in plain decimal notation: value was "0x3"$/,
    );
    expect(configErrorOf(() => loadConfig({ env: { MAKERD_METRICS_PORT: '0x24e8' } })).message).toBe(
      'invalid configuration: metrics.port: must be an integer from 0 to 65535, in plain decimal notation: value was "0x24e8"',
    );
  });

  it('a blank value is refused by the rule alone (no "plain decimal" hint for nothing)', () => {
    expect(configErrorOf(() => loadConfig({ env: { MAKERD_POLLER_INTERVAL_MS: ' ' } })).message).toBe(
      'invalid configuration: poller.intervalMs: must be an integer from 1 to 86400000: value was " "',
    );
  });
});

describe('flags', () => {
  it.each(['0x10', '1e3'])('--poll-interval-ms %s is refused', (text) => {
    expect(configErrorOf(() => loadConfig({ env: {}, args: ['--poll-interval-ms', text] })).message).toBe(
      `invalid configuration: poller.intervalMs: ${INTERVAL_RULE}: value was ${JSON.stringify(text)}`,
    );
  });

  it('through the command line: exit 1, one line naming key, value and rule', async () => {
    for (const flag of ['--poll-interval-ms=0x10', '--poll-interval-ms=1e3']) {
      const r = await cli(['check-config', flag]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      const value = flag.split('=')[1]!;
      expect(r.stderr).toBe(
        `makerd: MAKERD_ERR_CONFIG: invalid configuration: poller.intervalMs: ${INTERVAL_RULE}: value was "${value}"\n`,
      );
    }
    const ok = await cli(['check-config', '--poll-interval-ms', '250']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).poller.intervalMs).toBe(250);
  });
});

describe('configuration files', () => {
  it('JSON numbers are numbers, whatever their notation', () => {
    const file = tmpFile('c.json', '{ "poller": { "intervalMs": 1e3 }, "limits": { "safety": 8.5E-1 } }');
    const { config } = loadConfig({ env: {}, configFile: file });
    expect(config.poller.intervalMs).toBe(1000);
    expect(config.limits.safety).toBe(0.85);
  });

  it('strings go through the same rule as variables and flags', () => {
    expect(
      loadConfig({ env: {}, configFile: tmpFile('c.json', JSON.stringify({ poller: { intervalMs: '500' } })) }).config.poller.intervalMs,
    ).toBe(500);
    for (const text of ['0x10', '1e3']) {
      const file = tmpFile('c.json', JSON.stringify({ poller: { intervalMs: text } }));
      expect(configErrorOf(() => loadConfig({ env: {}, configFile: file })).message).toBe(
        `invalid configuration: poller.intervalMs: ${INTERVAL_RULE}: value was ${JSON.stringify(text)}`,
      );
    }
  });

  it('text that is no number at all is named with the rule', () => {
    const file = tmpFile('c.json', JSON.stringify({ poller: { intervalMs: 'soon' } }));
    expect(configErrorOf(() => loadConfig({ env: {}, configFile: file })).message).toBe(
      `invalid configuration: poller.intervalMs: ${INTERVAL_RULE}: value was "soon"`,
    );
  });
});
