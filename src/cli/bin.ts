#!/usr/bin/env node
/**
 * The `makerd` executable: runs one command line and exits with its code.
 *
 * Signal handlers are installed before anything else is loaded (the command modules are imported
 * afterwards), so a SIGTERM in the first moments of start-up is an orderly stop too, never the
 * default 143 without a word.
 */
import { StopSignals } from '../lifecycle/stop-signals.js';

const stop = new AbortController();
const stopSignals = new StopSignals();
// What `makerd run` knows to be live, named by a forced exit (empty before the executor exists).
let liveOrderIds: () => readonly string[] = () => [];
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    const action = stopSignals.receive(Date.now());
    // The first signal asks for an orderly stop (cancel open orders); the same one delivered twice
    // at once (npm forwarding a Ctrl-C the terminal also sent) is ignored; a later one forces it.
    if (action === 'repeat') return;
    if (action === 'force') {
      const line = {
        level: 'fatal',
        time: new Date().toISOString(),
        service: 'makerd',
        signal: sig,
        orderIds: liveOrderIds(),
        msg: 'second stop signal: exiting at once; open orders may be left',
      };
      process.stdout.write(`${JSON.stringify(line)}\n`, () => process.exit(130));
      setTimeout(() => process.exit(130), 500).unref();
      return;
    }
    // The reason names the signal in the daemon's stop line.
    stop.abort(sig);
  });
}

// SIGHUP: `makerd run` reloads strategy parameters and risk limits (systemd's ExecReload).
const reloadListeners = new Set<() => void>();
process.on('SIGHUP', () => {
  for (const l of reloadListeners) l();
});

const { fatalLine, runCli } = await import('./cli.js');
// Anything that escapes a command still ends as one line on stderr (secrets scrubbed), exit 1.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (err: unknown) => {
    process.stderr.write(fatalLine(err));
    process.exit(1);
  });
}

// The system clock's timers are unref'd (a pending timer must not keep a finished process up),
// so a command waiting only on one (a retry backoff, a limiter pause) would let Node exit with
// code 13 and no message. Hold the process open until the command has answered.
const keepAlive = setInterval(() => {}, 1 << 30);
const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  stopSignal: stop.signal,
  onReload: (listener) => {
    reloadListeners.add(listener);
    return () => reloadListeners.delete(listener);
  },
  onLiveOrders: (ids) => {
    liveOrderIds = ids;
  },
});
clearInterval(keepAlive);
process.exitCode = code;
// The command has answered: exit now, once stdout and stderr have taken what was written (pino's
// own buffer is flushed synchronously on exit). Waiting for stray handles (a connection the
// shutdown deadline gave up on) would run past lifecycle.shutdownDeadlineMs, which counts from
// the stop signal to the exit; the timer is only a fallback should a stream never drain.
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
setTimeout(() => process.exit(code), 2_000).unref();
