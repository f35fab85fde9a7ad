#!/usr/bin/env node
/**
 * The `makerd` executable: runs one command line and exits with its code.
 *
 * Whatever stops a daemon, it stops in order (cancel and verify, lifecycle.shutdownDeadlineMs):
 * SIGINT and SIGTERM; SIGHUP of a terminal that closed (terminal-hangup.ts; any other SIGHUP
 * reloads); the end of the npm or npx process that started it (parent-watch.ts); an uncaught
 * exception or unhandled rejection (logged with its stack, then exit 1). A broken stdout or stderr
 * (a reader that went away) is never fatal (guarded-stream.ts).
 *
 * Signal handlers are installed before anything else is loaded (the command modules are imported
 * afterwards), so a SIGTERM in the first moments of start-up is an orderly stop too, never the
 * default 143 without a word.
 */
import { detachStdio, hasControllingTerminal, sighupMeaning } from '../lifecycle/terminal-hangup.js';
import { startedByNpm, watchParent } from '../lifecycle/parent-watch.js';
import { StopSignals } from '../lifecycle/stop-signals.js';
import { type GuardedStream, guardStream } from '../log/guarded-stream.js';

const stdout = guardStream(process.stdout, 'stdout');
const stderr = guardStream(process.stderr, 'stderr');
const stop = new AbortController();
const stopSignals = new StopSignals();
// Whether makerd was started from a terminal (a SIGHUP after it is gone is a hangup).
const hadTerminal = hasControllingTerminal();
/** Asks the running command to stop in order (the reason names why in the daemon's stop line). */
/** Calls `then` once stdout and stderr have taken what was written (at once for a broken one). */
function drained(then: () => void): void {
  const one = (s: NodeJS.WriteStream, g: GuardedStream, next: () => void): void => {
    if (g.brokenBy === undefined) s.write('', () => next());
    else next();
  };
  one(process.stdout, stdout, () => one(process.stderr, stderr, then));
}
/** Exits, letting go of the standard descriptors first if their terminal has hung up (detachStdio). */
function exitNow(code: number): never {
  if (sighupMeaning(hadTerminal, hasControllingTerminal()) === 'hangup') detachStdio();
  process.exit(code);
}
const requestStop = (reason: string): void => {
  if (!stop.signal.aborted) stop.abort(reason);
};
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
      stdout.write(`${JSON.stringify(line)}\n`);
      drained(() => exitNow(130));
      setTimeout(() => exitNow(130), 500).unref();
      return;
    }
    requestStop(sig);
  });
}

// SIGHUP: `makerd run` reloads strategy parameters and risk limits (systemd's ExecReload), unless
// it is the hangup of the terminal makerd was started from.
const reloadListeners = new Set<() => void>();
process.on('SIGHUP', () => {
  if (sighupMeaning(hadTerminal, hasControllingTerminal()) === 'hangup') return requestStop('SIGHUP (terminal closed)');
  for (const l of reloadListeners) l();
});
if (startedByNpm(process.env)) {
  watchParent({
    ppid: () => process.ppid,
    onGone: (pid) => requestStop(`parent exited (pid ${pid}, npm or npx)`),
    everyMs: 250,
    setInterval,
    clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
  });
}
stdout.onBroken((code) =>
  stderr.write(`makerd: stdout closed (${code}): log lines are dropped from here on; a daemon trades on until stopped\n`),
);

const { fatalLine, runCli } = await import('./cli.js');
// A daemon that crashes still cancels: the error is logged with its stack, the orderly stop runs
// (bounded by its deadline, and by a timer should the stop itself hang) and the exit status is 1.
// Anything that escapes a one-shot command ends as one line on stderr (secrets scrubbed), exit 1.
let daemon: { shutdownDeadlineMs: number; logCrash: (event: string, err: unknown) => void } | undefined;
let crashed = false;
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (err: unknown) => {
    stderr.write(fatalLine(err));
    if (daemon === undefined) exitNow(1);
    daemon.logCrash(event, err);
    if (crashed) return;
    crashed = true;
    requestStop(event);
    setTimeout(() => exitNow(1), daemon.shutdownDeadlineMs + 2_000).unref();
  });
}

// The system clock's timers are unref'd (a pending timer must not keep a finished process up),
// so a command waiting only on one (a retry backoff, a limiter pause) would let Node exit with
// code 13 and no message. Hold the process open until the command has answered.
const keepAlive = setInterval(() => {}, 1 << 30);
const answered = await runCli(process.argv.slice(2), {
  stdout,
  stderr,
  env: process.env,
  stopSignal: stop.signal,
  onReload: (listener) => {
    reloadListeners.add(listener);
    return () => reloadListeners.delete(listener);
  },
  onLiveOrders: (ids) => {
    liveOrderIds = ids;
  },
  onDaemon: (d) => {
    daemon = d;
  },
});
const code = crashed ? 1 : answered;
clearInterval(keepAlive);
process.exitCode = code;
// The command has answered: exit now, once stdout and stderr have taken what was written (pino's
// own buffer is flushed synchronously on exit). Waiting for stray handles (a connection the
// shutdown deadline gave up on) would run past lifecycle.shutdownDeadlineMs, which counts from
// the stop signal to the exit; the timer is only a fallback should a stream never drain.
drained(() => exitNow(code));
setTimeout(() => exitNow(code), 2_000).unref();
