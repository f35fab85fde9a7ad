/**
 * Phase arm-risk: the risk gate with the configured states (overall and per market), the loss
 * limits over the portfolio, and the kill switch, checked once before anything is placed.
 */
import type { Portfolio } from '../portfolio/index.js';
import { ALL_MARKETS, KillSwitch, LossLimitGuard, lossLimitsFor, RiskGate, validateLossLimits, validateRiskLimits } from '../risk/index.js';
import type { ResolvedBinding } from '../trading/market-bindings.js';
import type { DaemonContext } from './daemon-context.js';
import type { DaemonView } from './daemon-view.js';

export interface ArmRiskInput {
  readonly bindings: readonly ResolvedBinding[];
  readonly portfolio: Portfolio;
  readonly view: DaemonView;
  /** Called when a loss limit engages or clears (every market is evaluated again). */
  readonly onLossLimitChange: () => void;
}

export interface ArmedRisk {
  readonly risk: RiskGate;
  readonly losses: LossLimitGuard;
  readonly killSwitch: KillSwitch;
  /** Checks the loss limits against the portfolio: after every fill and every mark. */
  readonly checkLosses: () => void;
}

export function armRisk({ config, logger }: DaemonContext, { bindings, portfolio, view, onLossLimitChange }: ArmRiskInput): ArmedRisk {
  const risk = new RiskGate(validateRiskLimits(config.risk));
  const losses = new LossLimitGuard(risk, lossLimitsFor(validateLossLimits(config.risk), config.risk.scope, config.shard.count));
  view.risk = risk;
  view.losses = losses;
  const checkLosses = (): void => {
    const r = losses.check(portfolio.daily(), portfolio.equity());
    for (const c of r.changes) logger.warn({ limit: c.limit, state: c.state ?? 'cleared' }, c.reason);
    if (r.changes.length > 0) onLossLimitChange();
  };
  risk.setConfiguredState(ALL_MARKETS, config.risk.state);
  for (const b of bindings) if (b.state !== undefined) risk.setConfiguredState(b.conditionId, b.state);
  risk.onStateChange((market, from, to, reason) => {
    const line = { market: market === ALL_MARKETS ? 'all' : market, from, to, reason };
    if (market === ALL_MARKETS) logger.warn(line, 'trading state changed');
    else logger.info(line, 'market trading state changed');
  });
  const killSwitch = new KillSwitch({
    dataDir: config.data.dir,
    fileName: config.risk.killSwitchFile,
    flag: config.risk.killSwitch,
    gate: risk,
    logger: logger.child({ component: 'risk' }),
  });
  killSwitch.check();
  return { risk, losses, killSwitch, checkLosses };
}
