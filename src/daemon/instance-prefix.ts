/**
 * The client-order-id prefix of this data directory (`instance.json`). Made once, at random, the
 * first time a data directory is used, and kept there: a restart on the same data directory
 * recognises the orders an earlier run left as its own (and cancels them), while a daemon on
 * another data directory, or a person trading the same account, has another prefix (or none),
 * and its orders are never taken for ours.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeWhole } from '../data-dir/write-whole.js';
import { join } from 'node:path';
import { ErrorCode, MakerdError } from '../errors.js';
import { INSTANCE_PREFIX_LEAD } from '../execution/client-order-ids.js';

export const INSTANCE_FILE = 'instance.json';

/** `mk` + 8 base-36 characters: short (client order ids are at most 64 characters) and without `-`. */
const PREFIX_PATTERN = /^mk[0-9a-z]{8}$/;

function newPrefix(): string {
  let s = '';
  for (const b of randomBytes(8)) s += (b % 36).toString(36);
  return `${INSTANCE_PREFIX_LEAD}${s}`;
}

/** Reads the data directory's prefix, creating it on first use. */
export function loadInstancePrefix(dataDir: string): string {
  return readOrCreatePrefix(dataDir).prefix;
}

/** The prefix, and whether this call made it (the data directory's first run with a prefix). */
export function readOrCreatePrefix(dataDir: string): { readonly prefix: string; readonly created: boolean } {
  const path = join(dataDir, INSTANCE_FILE);
  let text: string | undefined;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw cannot(path, 'read', err);
  }
  if (text !== undefined) {
    let prefix: unknown;
    try {
      prefix = (JSON.parse(text) as { prefix?: unknown }).prefix;
    } catch {
      prefix = undefined;
    }
    if (typeof prefix !== 'string' || !PREFIX_PATTERN.test(prefix)) {
      throw new MakerdError(ErrorCode.CONFIG, `data.dir: ${path} does not hold a client-order-id prefix (mk + 8 of 0-9a-z)`, {
        where: 'config',
        field: 'data.dir',
      });
    }
    return { prefix, created: false };
  }
  const prefix = newPrefix();
  // Written whole or not at all: a crash mid-write must not leave a half file behind.
  try {
    writeWhole(path, `${JSON.stringify({ prefix })}\n`);
  } catch (err) {
    throw cannot(path, 'write', err);
  }
  return { prefix, created: true };
}

function cannot(path: string, what: string, err: unknown): MakerdError {
  const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
  return new MakerdError(ErrorCode.CONFIG, `data.dir: cannot ${what} ${path} (${code})`, { where: 'config', field: 'data.dir' });
}
