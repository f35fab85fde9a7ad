/**
 * Booleans from variables, flags and files: only true/false, 1/0, yes/no, on/off (any case);
 * anything else is refused naming the key, the value and the rule.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { configErrorOf, tmpFile } from '../support/config-helpers.js';

describe('booleans from the environment and flags', () => {
  it.each([
    ['false', false],
    ['0', false],
    ['no', false],
    ['OFF', false],
    ['true', true],
    ['1', true],
    ['yes', true],
    ['on', true],
  ])('MAKERD_SIM_FLOW=%s is %s', (text, expected) => {
    expect(loadConfig({ env: { MAKERD_SIM_FLOW: text } }).config.sim.flow.enabled).toBe(expected);
    expect(loadConfig({ env: {}, args: ['--fault-frozen-books', text] }).config.sim.faults.frozenBooks).toBe(expected);
  });

  it('rejects any other word, naming key, value and rule', () => {
    const err = configErrorOf(() => loadConfig({ env: { MAKERD_SIM_FAULT_FROZEN_BOOKS: 'sometimes' } }));
    expect(err.message).toBe(
      'invalid configuration: sim.faults.frozenBooks: must be a boolean (true/false, 1/0, yes/no, on/off): value was "sometimes"',
    );
  });

  it('rejects a string boolean in a JSON file only when it is not a boolean word', () => {
    const file = tmpFile('c.json', JSON.stringify({ sim: { edgeLimits: { enabled: 'maybe' } } }));
    expect(configErrorOf(() => loadConfig({ env: {}, configFile: file })).message).toMatch(
      /sim\.edgeLimits\.enabled: must be a boolean.*value was "maybe"/,
    );
    const ok = tmpFile('c.json', JSON.stringify({ sim: { edgeLimits: { enabled: false } } }));
    expect(loadConfig({ env: {}, configFile: ok }).config.sim.edgeLimits.enabled).toBe(false);
  });
});
