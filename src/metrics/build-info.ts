/** makerd_build_info{version,node} = 1: which makerd (package.json's version) runs on which Node. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Gauge, type Registry } from 'prom-client';
import { packageRoot } from '../package-root.js';

let cached: string | undefined;

/** package.json's version ("unknown" if it cannot be read). */
export function makerdVersion(): string {
  if (cached === undefined) {
    try {
      const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: unknown };
      cached = typeof pkg.version === 'string' ? pkg.version : 'unknown';
    } catch {
      cached = 'unknown';
    }
  }
  return cached;
}

export function registerBuildInfo(registry: Registry, version: string = makerdVersion(), node: string = process.version): void {
  new Gauge({
    name: 'makerd_build_info',
    help: 'Always 1; the labels say which makerd version runs on which Node.js',
    labelNames: ['version', 'node'],
    registers: [registry],
  }).set({ version, node }, 1);
}
