/** The risk gate's public surface: what main.ts, the trading loop, metrics and the portfolio may use. */
export { TRADING_STATES, compareStates, isTradingState, stateRank, worstState, type TradingState } from './trading-state.js';
export {
  DEFAULT_RISK_LIMITS,
  RISK_CONTROL_KEYS,
  validateRiskLimits,
  type ErrorBurstLimits,
  type PerEventLimits,
  type RiskLimits,
} from './risk-limits.js';
export { breachText, eventKeyOf, type EventBreach, type EventStatus } from './event-limit.js';
export { REFUSAL_REASONS, emptyRefusals, type RefusalReason } from './refusal-reasons.js';
export {
  ALL_MARKETS,
  RiskGate,
  limitBreach,
  type RiskDecision,
  type RiskSnapshot,
  type StateChangeListener,
} from './risk-gate.js';
export {
  DEFAULT_KILL_SWITCH_FILE,
  KillSwitch,
  type KillSwitchLogger,
  type KillSwitchOptions,
  type KillSwitchTarget,
} from './kill-switch.js';
export {
  DEFAULT_LOSS_LIMITS,
  LOSS_ACTIONS,
  LOSS_LIMIT_KEYS,
  LOSS_LIMIT_NAMES,
  LOSS_LIMIT_SOURCES,
  LossLimitGuard,
  validateLossLimits,
  type LossLimitName,
  type LossLimits,
} from './loss-limits.js';
export { accountLimits, worstExposure, type AccountView } from './account-scope.js';
export { lossLimitsFor, shareLossLimits } from './account-loss-limits.js';
