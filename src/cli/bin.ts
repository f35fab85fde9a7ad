#!/usr/bin/env node
/** The `makerd` executable: runs one command line and exits with its code. */
import { runCli } from './cli.js';

const stop = new AbortController();
let signals = 0;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    signals++;
    // The first signal asks for an orderly stop (cancel open orders); a second one forces it.
    if (signals > 1) process.exit(130);
    stop.abort();
  });
}

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  stopSignal: stop.signal,
});
process.exitCode = code;
// Pools and sockets are closed by the commands; make sure a stray handle cannot keep us up.
setTimeout(() => process.exit(code), 2_000).unref();
