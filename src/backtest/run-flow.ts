/**
 * The flow that drives a backtest run's market: the factory given (`RunInput.flow`), the venue
 * world's flow with `settings.venue`, else the simulator's synthetic order flow (`defaultFlow`).
 * Every one of them decides the fine-tick switch from its fair value (README.md, identical flow).
 */
import { createOrderFlow } from '../sim/flow/index.js';
import { overrideTraits } from '../sim/world/venue-traits.js';
import { venueFlow } from '../sim/world/venue-world.js';
import type { BacktestFlow, FlowContext, FlowFactory, RunInput } from './run-contract.js';
import type { RunWorld } from './run-world.js';

/**
 * The simulator's synthetic order flow on the backtest's exchange, deciding the fine-tick switch
 * near the bounds from its fair value (the exchange's book-based rule is off in a backtest).
 */
export const defaultFlow: FlowFactory = (ctx) =>
  createOrderFlow({
    clock: ctx.clock,
    exchange: ctx.exchange,
    catalog: ctx.catalog,
    seed: ctx.seed,
    params: ctx.params,
    tickRule: 'fair',
    ends: ctx.ends,
  });

export function startRunFlow(input: RunInput, venue: RunWorld['venue'], flowContext: FlowContext): BacktestFlow {
  const settings = input.settings;
  return input.flow !== undefined || venue === undefined || settings.venue === undefined
    ? (input.flow ?? defaultFlow)(flowContext)
    : venueFlow({
        ...flowContext,
        traits: overrideTraits(venue.traits, settings.venue.overrides),
        stepMs: flowContext.params.stepMs,
        tickRule: 'fair',
      });
}
