import { hasCredentials, type LoadedConfig } from '../../config/load.js';
import { missingCredentials } from '../../config/warnings.js';
import type { CliIo } from '../io.js';

/** `makerd check-config`: validates and prints the effective configuration, secrets masked. */
export function checkConfigCommand(loaded: LoadedConfig, io: CliIo): number {
  io.stdout.write(`${loaded.masked()}\n`);
  const c = loaded.config;
  const creds = hasCredentials(c)
    ? 'complete'
    : c.venue.mode === 'sim'
      ? 'from the embedded simulator'
      : `incomplete, missing ${missingCredentials(c).join(', ')} (read-only)`;
  for (const w of loaded.warnings) io.stderr.write(`warning: ${w}\n`);
  io.stderr.write(`configuration valid: mode=${c.venue.mode}, credentials ${creds}\n`);
  return 0;
}
