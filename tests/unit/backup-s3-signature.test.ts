/**
 * The S3 copy of a backup signs its request with AWS Signature Version 4. No S3 store is
 * reachable from the tests, so the signing is checked against the example AWS publishes
 * ("Signature Calculations for the Authorization Header", GET Object).
 */
import { describe, expect, it } from 'vitest';
import { signRequest } from '../../src/server/backup/s3.js';

describe('SigV4 signing', () => {
  it('gives the signature of AWS\'s published GET Object example', () => {
    const headers = signRequest(
      { region: 'us-east-1', accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
      {
        method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), headers: { range: 'bytes=0-9' },
        payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', at: new Date('2013-05-24T00:00:00Z'),
      },
    );
    expect(headers.authorization).toBe('AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, '
      + 'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });
});
