/**
 * A stop when the wrapper that started makerd goes away. `npx makerd run` starts the daemon as
 * npm -> sh -> node: a SIGTERM to npm (what a script or a supervisor sends to the process it
 * started) is forwarded to the shell, which dies of it without passing it on, and node was left
 * orphaned, still quoting. So when makerd runs under npm (it sets `npm_command` in the child's
 * environment), a change of the parent pid (the daemon re-parented to init or a subreaper) is taken
 * as the stop request the wrapper could not deliver. Outside npm nothing is watched: a daemon a
 * shell started in the background and left (`setsid makerd run &`) is meant to outlive it.
 */

export interface ParentWatchOptions {
  /** The parent pid now (`process.ppid` reads it afresh each time). */
  readonly ppid: () => number;
  /** Called once, with the pid of the parent that went away. */
  readonly onGone: (formerParent: number) => void;
  /** How often the parent is checked, ms. */
  readonly everyMs: number;
  readonly setInterval: (fn: () => void, ms: number) => { unref?: () => unknown };
  readonly clearInterval: (handle: unknown) => void;
}

/** True when npm (`npm start`, `npx`, `npm exec`) started this process. */
export function startedByNpm(env: NodeJS.ProcessEnv): boolean {
  return (env.npm_command ?? '') !== '';
}

/** Watches the parent pid; returns the function that stops watching. */
export function watchParent(o: ParentWatchOptions): () => void {
  const first = o.ppid();
  let done = false;
  const handle = o.setInterval(() => {
    if (done || o.ppid() === first) return;
    done = true;
    o.clearInterval(handle);
    o.onGone(first);
  }, o.everyMs);
  handle.unref?.();
  return () => {
    done = true;
    o.clearInterval(handle);
  };
}
