import { Writable } from 'node:stream';
import { createLogger } from '../../src/log/logger.js';

/** A makerd logger (pino) writing its JSON lines, parsed, to an array. */
export function logCapture(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _e, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      cb();
    },
  });
  return { logger: createLogger({ level, destination }), lines };
}
