/** The synthetic order flow's public surface. */
export { createOrderFlow } from './order-flow.js';
export type { OrderFlow, OrderFlowOptions, FlowJump, FlowStats } from './flow-contract.js';
export { DEFAULT_FLOW_PARAMS, resolveFlowParams, type FlowParams } from './flow-params.js';
export { FairValue, type PendingJump } from './fair-value.js';
export { makerLadder, type LadderOrder, type LadderSpec } from './maker-ladder.js';
export { drawTakers, type TakerOrder, type TakerSpec } from './taker-arrivals.js';
export {
  FLOW_PROFILES,
  FLOW_PROFILE_NAMES,
  PROFILED_FLOW_KEYS,
  flowProfile,
  isFlowProfileName,
  type FlowProfile,
  type FlowProfileName,
} from './flow-profiles.js';
