/**
 * Phase read-rules: each selected market's tick size, minimum size, fees and end date, read once
 * before quoting and then kept fresh in the background.
 */
import { MetadataCache } from '../market/metadata-cache.js';
import type { VenueClient } from '../venue/client.js';
import type { DaemonContext } from './daemon-context.js';

export interface ReadRulesInput {
  readonly client: VenueClient;
  readonly marketIds: readonly string[];
}

/** The started cache (the caller closes it). */
export async function readRules({ config, clock, logger }: DaemonContext, { client, marketIds }: ReadRulesInput): Promise<MetadataCache> {
  const metadata = new MetadataCache({
    source: client,
    clock,
    ttlMs: config.metadata.ttlMs,
    logger: logger.child({ component: 'metadata' }),
  });
  metadata.track(marketIds);
  await Promise.all(marketIds.map((id) => metadata.refresh(id)));
  metadata.start(Math.min(config.metadata.ttlMs / 4, 60_000));
  return metadata;
}
