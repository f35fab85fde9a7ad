import { describe, expect, it } from 'vitest';
import { badOptionValue, optionNumber, readOptionWords } from '../../src/cli/commands/option-words.js';
import { UsageError } from '../../src/cli/io.js';

const spec = { command: 'demo', withValue: new Set(['hours', 'params']), alone: new Set(['json']) };

describe('readOptionWords', () => {
  it('reads --flag value, --flag=value and --flag alone, keeping the order given', () => {
    const r = readOptionWords(['--hours', '2', '--json', '--params=a=b.json'], spec);
    expect([...r.seen]).toEqual([
      ['hours', '2'],
      ['params', 'a=b.json'],
    ]);
    expect([...r.flags]).toEqual(['json']);
    expect(r.order).toEqual([['--hours', '2'], ['--json'], ['--params', 'a=b.json']]);
  });

  it('takes a lone -- as a value, not as an option', () => {
    expect(readOptionWords(['--hours', '--'], spec).seen.get('hours')).toBe('--');
  });

  it.each([
    [['bands'], "demo: unexpected argument 'bands' (options start with --; see makerd demo --help)"],
    [['--wat'], 'demo: unknown option --wat (see makerd demo --help)'],
    [['--json=1'], 'demo: --json takes no value'],
    [['--hours'], 'demo: --hours needs a value'],
    [['--hours', '--json'], 'demo: --hours needs a value'],
    [['--hours', '1', '--hours=2'], 'demo: --hours given twice'],
  ])('refuses %j naming the command and the flag', (args, message) => {
    expect(() => readOptionWords(args, spec)).toThrow(new UsageError(message));
  });

  it('collects the words that are not options when asked to', () => {
    const positional: string[] = [];
    readOptionWords(['a.json', '--json', 'b.json'], { ...spec, positional });
    expect(positional).toEqual(['a.json', 'b.json']);
  });

  it('refuses an option through refuse before anything else, even one it knows', () => {
    const refuse = (name: string): UsageError | undefined => (name === 'json' ? new UsageError('no json here') : undefined);
    expect(() => readOptionWords(['--hours', '1', '--json=x'], { ...spec, refuse })).toThrow('no json here');
  });

  it('leaves a value that take keeps to the command: it may come twice', () => {
    const kept: string[] = [];
    const take = (name: string, value: string): boolean => {
      if (name !== 'params') return false;
      kept.push(value);
      return true;
    };
    const r = readOptionWords(['--params', 'a', '--params', 'b', '--hours', '1'], { ...spec, take });
    expect(kept).toEqual(['a', 'b']);
    expect([...r.seen]).toEqual([['hours', '1']]);
  });
});

describe('optionNumber', () => {
  it('reads a number in the forms a user writes, within its rule', () => {
    expect(optionNumber('demo', 'hours', ' 1.5 ', { min: 0, exclusiveMin: true, max: 24 })).toBe(1.5);
    expect(optionNumber('demo', 'seeds', '1e3', { min: 1, max: 100_000, integer: true })).toBe(1000);
    expect(optionNumber('demo', 'seeds', '7', { min: 1, max: 10, integer: true, digitsOnly: true })).toBe(7);
  });

  it.each([
    ['0', { min: 0, exclusiveMin: true, max: 24 }, 'must be a number > 0 and <= 24'],
    ['x', { min: 0 }, 'must be a number >= 0'],
    ['2.5', { min: 1, max: 200, integer: true }, 'must be an integer >= 1 and <= 200'],
    ['201', { min: 1, max: 200, integer: true }, 'must be an integer >= 1 and <= 200'],
    ['1e1', { min: 1, max: 200, integer: true, digitsOnly: true }, 'must be an integer >= 1 and <= 200'],
    ['+5', { min: 1, max: 200, integer: true, digitsOnly: true }, 'must be an integer >= 1 and <= 200'],
  ])('refuses %j under %j: "%s"', (value, rule, text) => {
    expect(() => optionNumber('demo', 'n', value, rule)).toThrow(new UsageError(`demo: --n ${text} (got ${JSON.stringify(value)})`));
  });

  it('names the flag, the rule and the value in a refusal', () => {
    expect(badOptionValue('tune', 'shard', 'must be I/N', '3/2').message).toBe('tune: --shard must be I/N (got "3/2")');
  });
});
