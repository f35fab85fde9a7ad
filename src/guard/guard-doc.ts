/** The guard settings as a Markdown table, from the schema itself (docs/guards.md holds a copy a test checks). */
import { paramsMarkdownTable } from '../strategy/param-schema.js';
import { GUARD_SCHEMA } from './guard-settings.js';

export function guardSettingsMarkdown(): string {
  return paramsMarkdownTable(GUARD_SCHEMA);
}
