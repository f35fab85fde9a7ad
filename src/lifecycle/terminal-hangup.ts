/**
 * What a SIGHUP means. systemd's ExecReload (and `kill -HUP`) ask for a reload; a terminal that
 * closes (a dropped ssh session, a closed window) sends SIGHUP too, and there it means the operator
 * is gone: reloading and trading on, with nobody reading the log, is not what they asked for. The
 * two are told apart by the controlling terminal: after a hangup the kernel takes it away from the
 * session, so opening /dev/tty fails (ENXIO); when makerd had one at start and has none now, the
 * SIGHUP was a hangup and makerd stops in order. With no terminal at start (systemd, Docker,
 * `setsid`), every SIGHUP is a reload.
 */
import { closeSync, constants, openSync } from 'node:fs';

/** Whether this process has a controlling terminal now. */
export function hasControllingTerminal(): boolean {
  try {
    closeSync(openSync('/dev/tty', constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY));
    return true;
  } catch {
    return false;
  }
}

export type HangupMeaning = 'reload' | 'hangup';

/** A SIGHUP's meaning, given whether a terminal was there at start and whether it is there now. */
export function sighupMeaning(hadTerminal: boolean, hasTerminal: boolean): HangupMeaning {
  return hadTerminal && !hasTerminal ? 'hangup' : 'reload';
}

/**
 * Points stdin, stdout and stderr at /dev/null. Called before exiting when the terminal has hung
 * up: at exit Node restores the terminal's settings on every stdio descriptor that is still the
 * terminal, and on a hung-up one that fails (EIO) and Node aborts (an assertion in ResetStdio),
 * which would turn an orderly stop into a core dump and a signal exit. Descriptors that no longer
 * name the terminal are skipped there.
 */
export function detachStdio(): void {
  for (const fd of [0, 1, 2]) {
    try {
      closeSync(fd);
    } catch {
      // Already closed.
    }
  }
  // open() takes the lowest free descriptors: 0, 1 and 2 again.
  for (let i = 0; i < 3; i++) openSync('/dev/null', 'r+');
}
