/** The schema's keys as a flat list, for the code that maps variables and flags to keys. */
import { schema } from './schema.js';

export interface SchemaLeaf {
  /** Dotted key, e.g. `limits.safety`. */
  readonly key: string;
  readonly env: string | undefined;
  /** Flag name without `--`. */
  readonly arg: string | undefined;
  readonly format: unknown;
}

function walk(node: Record<string, unknown>, prefix: string, out: SchemaLeaf[]): SchemaLeaf[] {
  for (const [k, v] of Object.entries(node)) {
    if (typeof v !== 'object' || v === null) continue;
    if ('doc' in v && 'default' in v) {
      const leaf = v as { env?: string; arg?: string; format?: unknown };
      out.push({ key: `${prefix}${k}`, env: leaf.env, arg: leaf.arg, format: leaf.format });
    } else walk(v as Record<string, unknown>, `${prefix}${k}.`, out);
  }
  return out;
}

export const SCHEMA_LEAVES: readonly SchemaLeaf[] = walk(schema as unknown as Record<string, unknown>, '', []);
