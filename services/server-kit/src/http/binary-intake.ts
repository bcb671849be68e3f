/**
 * Where a large-body route's decoded base64 fields can go instead of the request's thread: a
 * module of the service's own, run on the body-decoding thread (large-json-body.ts), that takes
 * the bytes there (checks them, stores them) and answers a small JSON value in their place. The
 * event loop that answers requests then never holds the upload: its 10 MB, and every copy made to
 * store it, were V8 garbage there that set off collections of up to 150 ms (make bench, image path).
 */
export interface BinaryIntake {
  /** File URL of an ES module whose default export is a BinaryIntakeHandler. */
  module: string;
  /** Passed to the handler on every call; must survive structured clone (plain data). */
  options?: unknown;
}

/** Runs on the decoding thread; answers plain data (structured clone), never throws for bad input. */
export type BinaryIntakeHandler = (field: string, bytes: Buffer, options: unknown) => Promise<unknown>;

/**
 * What a taken field arrives as in `req.body`: an instance no JSON body can produce, so that a
 * client cannot send a made-up answer in its place. The validation pipe passes it through as it
 * does decoded bytes (Base64Bytes accepts both).
 */
export class TakenBinary<T = unknown> {
  constructor(readonly answer: T) {}
}
