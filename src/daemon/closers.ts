/** What stops the parts that start-up started, in the order they started; shutdown runs it backwards. */
export type Closers = (() => Promise<void> | void)[];
