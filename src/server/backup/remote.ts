/** A copy of each backup away from the machine (an S3-compatible store); none by default. */
export interface RemoteStore {
  /** Uploads the file and answers where it went. */
  upload(file: string): Promise<string>;
}
