import { MakerdError } from '../../src/errors.js';

/** The MakerdError a promise rejects with; fails the test when it resolves or throws anything else. */
export async function rejectionOf(p: Promise<unknown>): Promise<MakerdError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof MakerdError) return err;
    throw new Error(`expected a MakerdError, got ${String(err)}`, { cause: err });
  }
  throw new Error('expected the call to fail, but it succeeded');
}
