/**
 * The text of `makerd sim --help`: its own flags, those of the markets' ends and every fault
 * flag, read from the configuration schema (sim.*), so a new fault is listed the day it is added.
 */
import { simSchema } from '../config/schema/sim.js';

interface Entry {
  readonly doc: string;
  readonly arg?: string;
  readonly env?: string;
}

function row(e: Entry): string {
  return `  --${e.arg ?? ''}`.padEnd(34) + e.doc + (e.env === undefined ? '' : ` (${e.env})`);
}

function flagged(entries: Readonly<Record<string, unknown>>): Entry[] {
  return Object.values(entries).filter((e): e is Entry => typeof e === 'object' && e !== null && 'arg' in e);
}

export function simHelp(): string {
  return `Usage: makerd sim [options]

Runs the venue simulator alone and prints its URLs and credentials as one JSON line first.

Options:
${flagged(simSchema).map(row).join('\n')}

Markets that end within the run (GET /_sim/ends, POST /_sim/redeem):
${flagged(simSchema.ends).map(row).join('\n')}

Faults (also at run time: curl -XPOST <baseUrl>/_sim/faults -d '{"latencyMs":12000}'):
${flagged(simSchema.faults).map(row).join('\n')}

Every option of makerd --help applies too; makerd config-doc lists every sim.* key.
`;
}
