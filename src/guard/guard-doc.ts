/** The guard settings as a Markdown table, from the schema itself (docs/guards.md holds a copy a test checks). */
import { describeParams } from '../strategy/param-schema.js';
import { GUARD_SCHEMA } from './guard-settings.js';

export function guardSettingsMarkdown(): string {
  const rows = describeParams(GUARD_SCHEMA).map(
    (r) => `| \`${r.name}\` | ${r.type} | ${r.unit} | \`${r.default}\` | ${r.doc.replace(/\|/g, '\\|')} |`,
  );
  return ['| key | value | unit | default | meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}
