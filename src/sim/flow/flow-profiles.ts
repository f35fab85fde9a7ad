/**
 * Flow profiles: named sets of the flow parameters that stand for kinds of market, so that a
 * backtest (`makerd backtest --flow NAME`) or the simulator (`sim.flow.profile`) can be put on a
 * market of that kind in one word. A profile sets the six parameters an operator can set one by
 * one (flags `--flow-a`, `--flow-k`, `--volatility`, `--jump-rate`, `--jump-size`,
 * `--informed-share`; keys `sim.flow.A`, `k`, `sigma`, `jumpRate`, `jumpSize`, `informedShare`),
 * and any of those given individually overrides the profile's value. Every other parameter
 * (maker ladder, taker size, step) is the default in every profile.
 *
 * | profile | A /s/side | k /price | sigma log-odds/√s | jumps /h | jump size | informed | stands for |
 * | --- | --- | --- | --- | --- | --- | --- | --- |
 * | calm | 0.3 | 60 | 0.004 | 2 | 0.3 | 0.1 | long-dated, quiet: little news, few and less eager takers |
 * | default | 0.5 | 60 | 0.01 | 12 | 0.4 | 0.3 | the simulator's defaults (flow-params.ts), unchanged |
 * | news | 0.5 | 60 | 0.015 | 60 | 0.6 | 0.5 | headline-driven: a large jump a minute, half the takers ahead of it |
 * | busy | 2 | 120 | 0.01 | 8 | 0.3 | 0.2 | high volume near fair value: four times the takers, half the reach |
 * | informed | 0.5 | 60 | 0.01 | 12 | 0.4 | 0.5 | default, with half of all takers knowing fair value 300 s ahead |
 *
 * Every profile but `informed` has foresightMs 0: informed takers there know only a jump due in
 * the next 3 s, about 1 % of the time on `default`, so almost every taker is uninformed and a
 * maker at the touch keeps most of the spread. `informed` keeps default's market (the same
 * takers, volatility and jumps) but lets half of the takers trade toward fair value five minutes
 * ahead at every moment; 300 s and 0.5 were chosen so that a passive maker at the background
 * makers' 2-cent touch (`bands` with its defaults) about breaks even on trading (docs/simulator.md,
 * "Maker economics").
 *
 * Reading the columns (flow-params.ts, taker-arrivals.ts): takers reach a quote δ from fair value
 * at A·exp(−k·δ) per second per side (busy: 0.60/s at one cent against default's 0.27/s, and
 * mean reach 1/k = 0.8 cent instead of 1.7); a jump moves fair value by ±size·U(0.5, 1.5) in
 * log-odds (news: 0.3 to 0.9, about 7 to 21 cents from 0.5); informed takers trade toward a jump
 * in the 3 s before it.
 */
import { ErrorCode, MakerdError } from '../../errors.js';
import type { FlowParams } from './flow-params.js';

export const FLOW_PROFILE_NAMES = ['calm', 'default', 'news', 'busy', 'informed'] as const;
export type FlowProfileName = (typeof FLOW_PROFILE_NAMES)[number];

/** The parameters a profile sets (jumpRate per second, as in FlowParams). */
export type ProfiledFlowParams = Pick<FlowParams, 'A' | 'k' | 'sigma' | 'jumpRate' | 'jumpSize' | 'informedShare' | 'foresightMs'>;

export const PROFILED_FLOW_KEYS: readonly (keyof ProfiledFlowParams)[] = [
  'A',
  'k',
  'sigma',
  'jumpRate',
  'jumpSize',
  'informedShare',
  'foresightMs',
];

export interface FlowProfile {
  readonly name: FlowProfileName;
  /** The kind of market it stands for. */
  readonly stands: string;
  readonly params: Readonly<ProfiledFlowParams>;
}

export const FLOW_PROFILES: Readonly<Record<FlowProfileName, FlowProfile>> = Object.freeze({
  calm: {
    name: 'calm',
    stands: 'long-dated and quiet: low volatility, rare jumps, few informed takers, fewer takers',
    params: { A: 0.3, k: 60, sigma: 0.004, jumpRate: 2 / 3600, jumpSize: 0.3, informedShare: 0.1, foresightMs: 0 },
  },
  default: {
    name: 'default',
    stands: "the simulator's defaults: a moderately active market with a jump every five minutes",
    params: { A: 0.5, k: 60, sigma: 0.01, jumpRate: 12 / 3600, jumpSize: 0.4, informedShare: 0.3, foresightMs: 0 },
  },
  news: {
    name: 'news',
    stands: 'headline-driven: a large jump about every minute, half of the takers informed ahead of it',
    params: { A: 0.5, k: 60, sigma: 0.015, jumpRate: 60 / 3600, jumpSize: 0.6, informedShare: 0.5, foresightMs: 0 },
  },
  busy: {
    name: 'busy',
    stands: 'high volume near fair value: many takers trading close to it, moderate jumps',
    params: { A: 2, k: 120, sigma: 0.01, jumpRate: 8 / 3600, jumpSize: 0.3, informedShare: 0.2, foresightMs: 0 },
  },
  informed: {
    name: 'informed',
    stands: 'the default market with informed flow at all times: half of the takers know where fair value will be in five minutes',
    params: { A: 0.5, k: 60, sigma: 0.01, jumpRate: 12 / 3600, jumpSize: 0.4, informedShare: 0.5, foresightMs: 300_000 },
  },
});

export function isFlowProfileName(name: unknown): name is FlowProfileName {
  return typeof name === 'string' && (FLOW_PROFILE_NAMES as readonly string[]).includes(name);
}

/** The profile called `name`; a CONFIG error naming `key`, the value and the allowed names otherwise. */
export function flowProfile(name: unknown, key = 'sim.flow.profile'): FlowProfile {
  if (isFlowProfileName(name)) return FLOW_PROFILES[name];
  throw new MakerdError(
    ErrorCode.CONFIG,
    `${key}: unknown flow profile ${JSON.stringify(name)} (allowed: ${FLOW_PROFILE_NAMES.join(', ')})`,
    { where: 'sim flow', field: key },
  );
}
