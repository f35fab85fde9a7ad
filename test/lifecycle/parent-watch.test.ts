/** The parent watch (npx's shell died of a SIGTERM), and what a SIGHUP means. */
import { describe, expect, it } from 'vitest';
import { startedByNpm, watchParent } from '../../src/lifecycle/parent-watch.js';
import { sighupMeaning } from '../../src/lifecycle/terminal-hangup.js';

/** Hand-driven interval: `tick()` runs the callback as if `everyMs` had passed. */
function timers() {
  let fn: (() => void) | undefined;
  let cleared = false;
  return {
    setInterval: (f: () => void, _ms: number) => {
      fn = f;
      return {};
    },
    clearInterval: () => {
      cleared = true;
    },
    tick: () => fn?.(),
    cleared: () => cleared,
  };
}

describe('watchParent', () => {
  it('calls onGone once, with the former parent, when the parent pid changes', () => {
    let ppid = 4242;
    const gone: number[] = [];
    const t = timers();
    watchParent({ ppid: () => ppid, onGone: (p) => gone.push(p), everyMs: 250, ...t });
    t.tick();
    expect(gone).toEqual([]);
    ppid = 1; // re-parented to init
    t.tick();
    t.tick();
    expect(gone).toEqual([4242]);
    expect(t.cleared()).toBe(true);
  });

  it('stops watching when told to', () => {
    let ppid = 10;
    const gone: number[] = [];
    const t = timers();
    const stop = watchParent({ ppid: () => ppid, onGone: (p) => gone.push(p), everyMs: 250, ...t });
    stop();
    ppid = 1;
    t.tick();
    expect(gone).toEqual([]);
  });

  it('is for processes npm started (npm start, npx, npm exec set npm_command)', () => {
    expect(startedByNpm({ npm_command: 'exec' })).toBe(true);
    expect(startedByNpm({ npm_command: 'start' })).toBe(true);
    expect(startedByNpm({})).toBe(false);
    expect(startedByNpm({ npm_command: '' })).toBe(false);
  });
});

describe('sighupMeaning', () => {
  it('is a hangup only when the terminal makerd started from is gone', () => {
    expect(sighupMeaning(true, false)).toBe('hangup');
    expect(sighupMeaning(true, true)).toBe('reload');
    // systemd, Docker, setsid: no terminal at start, every SIGHUP reloads.
    expect(sighupMeaning(false, false)).toBe('reload');
    expect(sighupMeaning(false, true)).toBe('reload');
  });
});
