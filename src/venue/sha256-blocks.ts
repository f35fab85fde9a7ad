/**
 * noble's SHA-256 (@noble/hashes, the product's hashing dependency) one block at a time: its
 * compression function and its eight state words, which the class keeps protected, reached
 * through a subclass. The signer (signer.ts) hashes straight from its own message buffer with it:
 * no DataView, subarray or cloned hash object per signature, and states kept as eight words.
 */
import { _SHA256 } from '@noble/hashes/sha2.js';

/** Words per SHA-256 state. */
export const STATE_WORDS = 8;

export class Sha256Blocks extends _SHA256 {
  /** Compresses the 64-byte block at `offset` of `view` into the state. */
  compress(view: DataView, offset: number): void {
    this.process(view, offset);
  }

  /** Sets the state to the eight words of `words` from `at`. */
  load(words: Int32Array, at: number): void {
    this.set(words[at]!, words[at + 1]!, words[at + 2]!, words[at + 3]!, words[at + 4]!, words[at + 5]!, words[at + 6]!, words[at + 7]!);
  }

  /** Writes the state's eight words into `words` from `at`. */
  save(words: Int32Array, at: number): void {
    words[at] = this.A;
    words[at + 1] = this.B;
    words[at + 2] = this.C;
    words[at + 3] = this.D;
    words[at + 4] = this.E;
    words[at + 5] = this.F;
    words[at + 6] = this.G;
    words[at + 7] = this.H;
  }

  /** Writes the state as the digest's 32 bytes (big-endian words) into `view` from `offset`. */
  digestTo(view: DataView, offset: number): void {
    view.setUint32(offset, this.A);
    view.setUint32(offset + 4, this.B);
    view.setUint32(offset + 8, this.C);
    view.setUint32(offset + 12, this.D);
    view.setUint32(offset + 16, this.E);
    view.setUint32(offset + 20, this.F);
    view.setUint32(offset + 24, this.G);
    view.setUint32(offset + 28, this.H);
  }
}
