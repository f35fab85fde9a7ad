/**
 * The reward ranking assumes the quotes the reward-aware quoting stage would place: its size
 * (min_size × sizeMultiple rounded up, at least the book's minimum order), its distance
 * (spreadFraction × max_spread) and its limits (maxSize, maxInventory). A market the stage will
 * not quote ranks with reward 0 and says why, in the ranking, the pick's log line and /status's
 * explanation; the income ranking's reward part is 0 for it, its other parts unchanged. With the
 * stage off the ranking is today's (q = max(min_size, minimum order) at max_spread / 2).
 */
import { describe, expect, it } from 'vitest';
import { incomeOf, type IncomeInputs } from '../../src/market/income-ranking.js';
import { selectMarketsDetailed } from '../../src/market/market-selection.js';
import { type RankBook, type RankedMarket, rankMarket } from '../../src/market/reward-ranking.js';
import type { PickExplanation } from '../../src/market/reward-selector.js';
import type { RewardStageLimits } from '../../src/market/reward-stage-quote.js';
import { Decimal } from '../../src/money.js';
import { parseRewardRules, type RewardRules } from '../../src/rewards/index.js';
import type { SimplifiedMarket } from '../../src/venue/types.js';
import { fakeSelectionClient, listedMarket } from '../support/selection-fakes.js';

const d = (x: string): Decimal => new Decimal(x);
const level = (price: string, size: string) => ({ price: d(price), size: d(size) });

function rules(minSize: number | string, maxSpread = 4, rate = 10): RewardRules {
  const r = parseRewardRules({ rates: [{ rewards_daily_rate: rate }], min_size: minSize, max_spread: maxSpread });
  if (r.kind !== 'paying') throw new Error('test rules must pay');
  return r.rules;
}

/** Outcome 0 at 0.48 / 0.52 (300 shares each, mid 0.50): the book scores 0.25 × 300 = 75 a side. */
const book = (minOrderSize = '5'): RankBook => ({
  bids: [level('0.48', '300')],
  asks: [level('0.52', '300')],
  minOrderSize: d(minOrderSize),
});

/** The stage's schema defaults, enabled. */
const stage = (over: Partial<RewardStageLimits> = {}): RewardStageLimits => ({
  enabled: true,
  spreadFraction: d('0.5'),
  sizeMultiple: d('1'),
  maxSize: d('200'),
  maxInventory: d('100'),
  ...over,
});

function rank(r: RewardRules, s: RewardStageLimits | undefined, b: RankBook = book()): RankedMarket {
  const out = rankMarket('0xm', r, [b, undefined], () => d('0'), d('1'), s);
  if (!('ranked' in out)) throw new Error(out.reason);
  return out.ranked;
}

/** The ranked numbers as text, to compare rankings to the last digit. */
const shown = (m: RankedMarket) => ({
  ourScore: m.ourScore.toFixed(),
  competingScore: m.competingScore.toFixed(),
  expectedShare: m.expectedShare.toFixed(),
  expectedRewardPerDay: m.expectedRewardPerDay.toFixed(),
  quoteSize: m.quoteSize.toFixed(),
  capital: m.capital.toFixed(),
  value: m.value.toFixed(),
  rewardBlocked: m.rewardBlocked,
});

// min_size 200 at max_spread 4, two quotes of 200 at 2 cents: 0.25 × 200 = 50 against 75, share
// 0.4 of 10 a day = 4; capital 200 × (1 − 0.04) = 192; value 4 / 192.
const TODAY = {
  ourScore: '50',
  competingScore: '75',
  expectedShare: '0.4',
  expectedRewardPerDay: '4',
  quoteSize: '200',
  capital: '192',
  value: d('4').div(192).toFixed(),
  rewardBlocked: undefined,
};

describe('the reward ranking with the reward-aware quoting stage', () => {
  it('stage off (or not given): the ranking as before, q = max(min_size, minimum order) at max_spread / 2', () => {
    expect(shown(rank(rules(200), undefined))).toEqual(TODAY);
    expect(shown(rank(rules(200), stage({ enabled: false, spreadFraction: d('0.25'), maxInventory: d('10') })))).toEqual(TODAY);
    expect(rank(rules(200), stage({ enabled: false })).quoteSize.toFixed()).toBe('200');
    // The book's minimum order size above min_size sets the size, as always.
    expect(rank(rules(20), undefined, book('30')).quoteSize.toFixed()).toBe('30');
  });

  it('min_size 200 above the stage maxInventory 100: reward 0, with the reason; the rest as computed', () => {
    const m = rank(rules(200), stage());
    expect(shown(m)).toEqual({
      ...TODAY,
      expectedRewardPerDay: '0',
      value: '0',
      rewardBlocked: 'min_size 200 above rewards.maxInventory 100',
    });
  });

  it('with maxInventory 250 the stage quotes min_size 200: it ranks as before', () => {
    expect(shown(rank(rules(200), stage({ maxInventory: d('250') })))).toEqual(TODAY);
  });

  it('the scoring size above maxSize, rounded up from min_size × sizeMultiple, or the minimum order, blocks with its reason', () => {
    const bigger = rank(rules(200), stage({ sizeMultiple: d('1.5'), maxInventory: d('1000') }));
    expect(bigger.quoteSize.toFixed()).toBe('300');
    expect(bigger.expectedRewardPerDay.toFixed()).toBe('0');
    expect(bigger.rewardBlocked).toBe('scoring size 300 (min_size 200 × rewards.sizeMultiple 1.5) above rewards.maxSize 200');
    // 66.667 × 1.5 = 100.0005, up to the size step 0.01: 100.01, one step beyond maxInventory 100.
    const rounded = rank(rules('66.667'), stage({ sizeMultiple: d('1.5') }));
    expect(rounded.quoteSize.toFixed()).toBe('100.01');
    expect(rounded.rewardBlocked).toBe('scoring size 100.01 (min_size 66.667 × rewards.sizeMultiple 1.5) above rewards.maxInventory 100');
    const minOrder = rank(rules(50), stage(), book('150'));
    expect(minOrder.quoteSize.toFixed()).toBe('150');
    expect(minOrder.rewardBlocked).toBe("scoring size 150 (the book's minimum order size) above rewards.maxInventory 100");
    // Exactly at both limits: quoted.
    const atLimits = rank(rules(100), stage());
    expect(atLimits.rewardBlocked).toBeUndefined();
    expect(atLimits.expectedRewardPerDay.gt(0)).toBe(true);
  });

  it('spreadFraction sets the assumed distance: our score moves as ((v − s)/v)²', () => {
    const roomy = { maxInventory: d('250') };
    // v = 4 cents: s = 2 scores 0.25 a share, s = 1 (fraction 0.25) 0.5625, s = 3 (0.75) 0.0625.
    const near = rank(rules(200), stage({ ...roomy, spreadFraction: d('0.25') }));
    expect(shown(near)).toEqual({
      ourScore: '112.5',
      competingScore: '75',
      expectedShare: '0.6',
      expectedRewardPerDay: '6',
      quoteSize: '200',
      capital: '196', // 200 × (1 − 2 × 0.01)
      value: d('6').div(196).toFixed(),
      rewardBlocked: undefined,
    });
    const far = rank(rules(200), stage({ ...roomy, spreadFraction: d('0.75') }));
    expect(far.ourScore.toFixed()).toBe('12.5');
    expect(far.expectedShare.toFixed()).toBe(d('12.5').div('87.5').toFixed());
    expect(far.capital.toFixed()).toBe('188'); // 200 × (1 − 2 × 0.03)
    expect(near.ourScore.div(rank(rules(200), stage(roomy)).ourScore).toFixed()).toBe('2.25');
  });

  it("the income ranking's reward part is 0 for a blocked market, its other parts unchanged", () => {
    const inputs: IncomeInputs = {
      sharesPerDay: d('1000'),
      fee: { rate: d('0.02'), exponent: 1, takerOnly: true, rebateRate: d('0.25') },
      markoutPerShare: d('-0.001'),
      variancePerDay: d('0.0001'),
      riskFactor: d('1'),
    };
    const quoted = incomeOf(rank(rules(200), stage({ maxInventory: d('250') })), inputs);
    const blocked = incomeOf(rank(rules(200), stage()), inputs);
    expect(quoted.reward.toFixed()).toBe('4');
    expect(blocked.reward.toFixed()).toBe('0');
    // Our flow 1000 × 0.4 = 400: rebate 400 × 0.02 × 0.25 × 0.25 = 0.5, mark-out −0.4, inventory 1 × 200 × 0.0001 = 0.02.
    for (const p of [quoted, blocked]) {
      expect(p.ourSharesPerDay.toFixed()).toBe('400');
      expect(p.rebate.toFixed()).toBe('0.5');
      expect(p.markout.toFixed()).toBe('-0.4');
      expect(p.inventory.toFixed()).toBe('0.02');
      expect(p.capital.toFixed()).toBe('192');
    }
    expect(quoted.income.toFixed()).toBe('4.08');
    expect(blocked.income.toFixed()).toBe('0.08');
  });
});

describe('selector.by "rewards" with the stage settings', () => {
  const market = (i: number, minSize: number, rate: number): SimplifiedMarket =>
    listedMarket(i, { rates: [{ rewards_daily_rate: rate }], min_size: minSize, max_spread: 4 });
  // m1 needs 200 shares a quote and pays ten times more (the better by far, as the ranking saw it), m2 needs 50.
  const listing = [market(1, 200, 100), market(2, 50, 10)];
  const fake = fakeSelectionClient(listing, '300');
  const spec = { markets: [], selector: { top: 2, tag: '', by: 'rewards' as const }, shard: { index: 0, count: 1 } };

  it('ranks the market the stage cannot quote last with reward 0, and explains it in the log line and the picks', async () => {
    const lines: { msg: string; market?: string; rewardBlocked?: string; expectedRewardPerDay?: string }[] = [];
    const logger = {
      info: (o: object, msg: string) => lines.push({ msg, ...o }),
      warn: () => undefined,
      debug: () => undefined,
      child: () => logger,
    } as never;
    let picks: readonly PickExplanation[] = [];
    const onPicked = (p: readonly PickExplanation[]) => {
      picks = p;
    };
    const before = await selectMarketsDetailed(fake, spec, { logger, onPicked });
    expect(before.ranking!.ranked.map((r) => r.market.slug)).toEqual(['m1', 'm2']);
    expect(before.ranking!.ranked[0]!.why.rewardBlocked).toBeUndefined();

    lines.length = 0;
    const after = await selectMarketsDetailed(fake, spec, { logger, onPicked, rewardStage: stage() });
    expect(after.ranking!.ranked.map((r) => r.market.slug)).toEqual(['m2', 'm1']);
    const m1 = after.ranking!.ranked[1]!;
    expect(m1.why).toMatchObject({ expectedRewardPerDay: '0', rewardBlocked: 'min_size 200 above rewards.maxInventory 100', value: '0' });
    const logged = lines.find((l) => l.msg === 'selector picked by rewards' && l.market === m1.rank.conditionId);
    expect(logged).toMatchObject({ expectedRewardPerDay: '0', rewardBlocked: 'min_size 200 above rewards.maxInventory 100' });
    expect(picks.find((p) => p.market === m1.rank.conditionId)).toMatchObject({
      place: 2,
      why: { rewardBlocked: 'min_size 200 above rewards.maxInventory 100' },
    });
    expect(after.ranking!.ranked[0]!.why.rewardBlocked).toBeUndefined();
  });
});
