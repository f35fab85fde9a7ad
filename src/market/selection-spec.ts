/** The selection spec's checks (CONFIG errors naming the field) and the income selector's settings. */
import { ErrorCode, MakerdError } from '../errors.js';
import type { IncomeSettings } from './income-reader.js';
import type { SelectionSpec } from './selection-types.js';
import { checkShard } from './shard.js';

export function incomeSettingsOf(s: SelectionSpec['selector']): IncomeSettings {
  return {
    candidates: s.incomeCandidates ?? 20,
    lookbackSec: s.incomeLookbackSec ?? 86_400,
    markoutSec: s.incomeMarkoutSec ?? 300,
    inventoryRisk: s.inventoryRisk ?? '1',
  };
}

export function configError(field: string, message: string): MakerdError {
  return new MakerdError(ErrorCode.CONFIG, `market selection: ${field} ${message}`, { where: 'config', field });
}

export function checkSpec(spec: SelectionSpec): void {
  if (!Array.isArray(spec.markets)) throw configError('markets', 'must be an array');
  spec.markets.forEach((e, i) => {
    if (typeof e?.market !== 'string' || e.market.trim() === '')
      throw configError(`markets[${i}].market`, 'must be a non-empty condition id or slug');
  });
  const { top, tag } = spec.selector ?? {};
  if (!Number.isSafeInteger(top) || top < 0) throw configError('selector.top', `must be an integer >= 0 (got ${JSON.stringify(top)})`);
  if (typeof tag !== 'string') throw configError('selector.tag', 'must be a string');
  const { by, volatilityPenalty } = spec.selector;
  if (by !== undefined && by !== 'listing' && by !== 'rewards' && by !== 'income')
    throw configError('selector.by', `must be "listing", "rewards" or "income" (got ${JSON.stringify(by)})`);
  if (volatilityPenalty !== undefined && !/^\d+(\.\d+)?$/.test(volatilityPenalty))
    throw configError('selector.volatilityPenalty', `must be a decimal number >= 0 (got ${JSON.stringify(volatilityPenalty)})`);
  const { inventoryRisk } = spec.selector;
  if (inventoryRisk !== undefined && !/^\d+(\.\d+)?$/.test(inventoryRisk))
    throw configError('selector.inventoryRisk', `must be a decimal number >= 0 (got ${JSON.stringify(inventoryRisk)})`);
  checkShard(spec.shard);
}
