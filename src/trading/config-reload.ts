/**
 * SIGHUP: strategy parameters, risk limits, loss limits, trading states and the kill-switch flag
 * from the configuration files, all or nothing: everything is checked before anything is
 * applied, and a reload that fails is refused and logged while every old value stays. Other
 * settings changed in the files are named as ignored until a restart (reload-ignored.ts).
 */
import type { Logger } from 'pino';
import type { MakerdConfig } from '../config/schema.js';
import { isMakerdError } from '../errors.js';
import {
  ALL_MARKETS,
  type KillSwitch,
  type LossLimitGuard,
  lossLimitsFor,
  type RiskGate,
  validateLossLimits,
  validateRiskLimits,
} from '../risk/index.js';
import type { Strategy } from '../strategy/strategy.js';
import { applyReload, resolveBindings, type SelectedForBinding } from './market-bindings.js';
import { ignoredOnReload } from './reload-ignored.js';
import type { TradingLoop } from './trading-loop.js';

export interface ReloadTargets {
  readonly loop: TradingLoop;
  readonly risk: RiskGate;
  readonly killSwitch: KillSwitch;
  readonly losses: LossLimitGuard;
  /** The markets quoted now (the selector's swaps change the array in place). */
  readonly selected: readonly SelectedForBinding[];
  /** The selector's swaps, which take the reloaded selector.swapMargin and selector.minHoldSec. */
  readonly selector?: { reload(next: MakerdConfig): void } | undefined;
  readonly strategies: ReadonlyMap<string, Strategy>;
  /** The configuration the daemon runs with: what a reload cannot change is told apart from it. */
  readonly running: MakerdConfig;
}

/** SIGHUP: strategy parameters and risk limits from the configuration files; all or nothing. */
export function reloadConfiguration(load: () => MakerdConfig, t: ReloadTargets, logger: Logger): void {
  const { loop, risk, killSwitch, losses, selected, strategies } = t;
  try {
    const next = load();
    const limits = validateRiskLimits(next.risk, 'reload');
    const lossLimits = lossLimitsFor(validateLossLimits(next.risk, 'reload'), next.risk.scope, next.shard.count);
    const resolved = resolveBindings(selected, next, strategies);
    // Everything checked: apply.
    const changed = applyReload(loop.markets, resolved);
    risk.setLimits(limits);
    for (const c of losses.setLimits(lossLimits).changes) logger.warn({ limit: c.limit, state: c.state ?? 'cleared' }, c.reason);
    risk.setConfiguredState(ALL_MARKETS, next.risk.state);
    for (const r of resolved) risk.setConfiguredState(r.conditionId, r.state);
    killSwitch.setFlag(next.risk.killSwitch);
    t.selector?.reload(next);
    for (const m of loop.markets) loop.markDirty(m.conditionId);
    const ignored = ignoredOnReload(t.running, next);
    if (ignored.length === 0) logger.info({ markets: changed }, 'configuration reloaded: strategy parameters and risk limits');
    else
      logger.warn(
        { markets: changed, ignored },
        `configuration reloaded: strategy parameters and risk limits; ignored until a restart: ${ignored.join(', ')} (a reload cannot change them)`,
      );
  } catch (err) {
    logger.error(
      { code: isMakerdError(err) ? err.code : undefined, err: (err as Error).message },
      'configuration reload refused; the previous values stay',
    );
  }
}
