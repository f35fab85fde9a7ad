import { readFileSync, writeFileSync } from 'node:fs';
import { configDocMarkdown } from '../config-doc.js';
import { spliceConfigDoc } from '../config-doc-page.js';
import { UsageError, type CliIo } from '../io.js';

/**
 * `makerd config-doc`: prints the configuration reference table; with `--write FILE`, rewrites
 * the table between the config-doc markers of FILE (docs/configuration.md) instead.
 */
export function configDocCommand(args: readonly string[], io: CliIo): number {
  if (args.length === 0) {
    io.stdout.write(configDocMarkdown());
    return 0;
  }
  const [first = '', second, third] = args;
  const inline = first.startsWith('--write=');
  if (first !== '--write' && !inline) throw new UsageError(`config-doc: unexpected argument '${first}'`);
  const file = inline ? first.slice('--write='.length) : second;
  const extra = inline ? second : third;
  if (file === undefined || file === '') throw new UsageError('config-doc: --write needs a file (docs/configuration.md)');
  if (extra !== undefined) throw new UsageError(`config-doc: unexpected argument '${extra}'`);
  const page = readFileSync(file, 'utf8');
  const next = spliceConfigDoc(page, configDocMarkdown(), file);
  if (next !== page) writeFileSync(file, next);
  io.stderr.write(`config-doc: ${file} ${next === page ? 'was already current' : 'rewritten from the schema'}\n`);
  return 0;
}
