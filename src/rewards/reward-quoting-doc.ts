/** The reward-aware quoting settings as a Markdown table, from the schema itself (docs/rewards.md holds a copy a test checks). */
import { paramsMarkdownTable } from '../strategy/param-schema.js';
import { REWARD_QUOTING_SCHEMA } from './reward-quoting-settings.js';

export function rewardQuotingSettingsMarkdown(): string {
  return paramsMarkdownTable(REWARD_QUOTING_SCHEMA);
}
