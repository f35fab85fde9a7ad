/** Renders the configuration schema as the README's Markdown table (`makerd config-doc`). */
import { schema } from '../config/schema.js';

interface Leaf {
  doc: string;
  default: unknown;
  env?: string;
  arg?: string;
  format?: unknown;
  sensitive?: boolean;
}

function rows(node: Record<string, unknown>, prefix: string, out: string[]): void {
  for (const [k, v] of Object.entries(node)) {
    const leaf = v as Leaf;
    if (typeof leaf === 'object' && leaf !== null && 'doc' in leaf && 'default' in leaf) {
      const def = JSON.stringify(leaf.default);
      const env = leaf.env ? `\`${leaf.env}\`` : '';
      const flag = leaf.arg ? `\`--${leaf.arg}\`` : '';
      const allowed = Array.isArray(leaf.format) ? ` One of ${leaf.format.map((f) => `\`${String(f)}\``).join(', ')}.` : '';
      const secret = leaf.sensitive ? ' **Secret**: masked everywhere.' : '';
      out.push(`| \`${prefix}${k}\` | ${env} | ${flag} | \`${def}\` | ${leaf.doc.replace(/\|/g, '\\|')}.${allowed}${secret} |`);
    } else if (typeof v === 'object' && v !== null) {
      rows(v as Record<string, unknown>, `${prefix}${k}.`, out);
    }
  }
}

export function configDocMarkdown(): string {
  const out = ['| key | environment | flag | default | meaning |', '|---|---|---|---|---|'];
  rows(schema as unknown as Record<string, unknown>, '', out);
  return `${out.join('\n')}\n`;
}
