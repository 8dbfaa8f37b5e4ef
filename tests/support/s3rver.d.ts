/** The parts of s3rver (a local S3-compatible server, plain JavaScript with no types of its own) that tests/support/s3.ts uses. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  import type { Server } from 'node:http';

  interface S3rverOptions {
    address?: string;
    /** 0: a free port, told by run(). */
    port?: number;
    silent?: boolean;
    /** Where the buckets and objects are kept. */
    directory: string;
    configureBuckets?: Array<{ name: string }>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    httpServer: Server;
  }
}
