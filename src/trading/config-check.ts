/**
 * The trading settings that convict cannot check by itself, checked before anything touches the
 * network (`makerd run` start-up and `makerd check-config`): every strategy named exists, the
 * default parameters and each market entry's parameters (guards included) fit their schemas, the risk
 * limits are consistent, and the shard index lies inside the shard count. Errors name the key or
 * the market entry, the value and the rule.
 */
import type { MakerdConfig } from '../config/schema.js';
import { checkShard } from '../market/shard.js';
import { validateRiskLimits } from '../risk/index.js';
import { parseQuotingParams } from '../guard/index.js';
import { builtinStrategiesDir, loadStrategies, resolveStrategy } from '../strategy/strategy-registry.js';
import type { Strategy } from '../strategy/strategy.js';

export async function loadConfiguredStrategies(config: MakerdConfig): Promise<Map<string, Strategy>> {
  return loadStrategies([builtinStrategiesDir(), ...(config.strategy.dir === '' ? [] : [config.strategy.dir])]);
}

/** Throws the first MAKERD_ERR_CONFIG found; returns the loaded strategies otherwise. */
export async function checkTradingConfig(config: MakerdConfig): Promise<Map<string, Strategy>> {
  checkShard(config.shard);
  validateRiskLimits(config.risk);
  const strategies = await loadConfiguredStrategies(config);
  const def = resolveStrategy(strategies, config.strategy.name, 'strategy.name');
  parseQuotingParams(def, config.strategy.params, `strategy.params (${def.name})`);
  config.markets.forEach((entry, i) => {
    const name = entry.strategy ?? config.strategy.name;
    const where = `markets[${i}] ${entry.market} (${name})`;
    const strategy = resolveStrategy(strategies, name, where);
    parseQuotingParams(strategy, entry.params ?? (name === config.strategy.name ? config.strategy.params : {}), where);
  });
  return strategies;
}
