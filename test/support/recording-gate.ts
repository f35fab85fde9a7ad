import { ErrorCode, MakerdError } from '../../src/errors.js';
import type { AcquireOptions, GateTicket, PriorityClass, RequestGate } from '../../src/limits/request-gate.js';

/** A RequestGate that admits everything (or refuses when told) and records what it was asked. */
export class RecordingGate implements RequestGate {
  readonly acquired: { route: string; cls: PriorityClass; deadlineMs: number | undefined }[] = [];
  readonly throttles: { route: string; status: number; retryAfterMs: number | undefined }[] = [];
  released = 0;
  refuse = false;

  async acquire(route: string, cls: PriorityClass, options: AcquireOptions = {}): Promise<GateTicket> {
    if (this.refuse) throw new MakerdError(ErrorCode.THROTTLED, `${route}: not admitted before the deadline`, { where: route });
    this.acquired.push({ route, cls, deadlineMs: options.deadlineMs });
    return { release: () => void this.released++ };
  }

  reportThrottle(route: string, status: number, retryAfterMs: number | undefined): void {
    this.throttles.push({ route, status, retryAfterMs });
  }

  /** Tickets acquired and not yet released. */
  get inFlight(): number {
    return this.acquired.length - this.released;
  }
}
