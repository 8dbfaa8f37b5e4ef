import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.js';

/** The AWS SDK's S3 client, loaded on first use: a start that stores nothing in S3 does not pay the quarter second its loading takes. */
export const s3Sdk = () => import('@aws-sdk/client-s3');

/** A client of the store the settings name, with path-style addresses (`<endpoint>/<bucket>/<key>`), which every S3-compatible store takes. */
export async function s3Client(s: S3Settings): Promise<S3Client> {
  const { S3Client } = await s3Sdk();
  return new S3Client({
    endpoint: s.endpoint, region: s.region, forcePathStyle: true,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    // Checksums only where S3 demands them: several S3-compatible stores refuse the SDK's newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request instead of holding it (and a day's backup) for ever.
    requestHandler: { connectionTimeout: 10_000, socketTimeout: 5 * 60_000 },
  });
}

/** An object key from its parts, the empty ones (no prefix) left out. */
export const objectKey = (...parts: string[]) => parts.filter(Boolean).join('/');
