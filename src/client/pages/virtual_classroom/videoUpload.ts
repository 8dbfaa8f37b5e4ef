/**
 * A class video's bytes to the address PUT /upload/ answered, in 8 MB parts with their
 * Content-Range, each by XHR for its progress. A dropped connection is resumed: the server says
 * how much has arrived (GET on the same address) and the upload goes on from there, a few times
 * with a growing wait before giving up ('Upload Failed !').
 */
export const UPLOAD_FAILED = 'Upload Failed !';
const PART = 8 * 1024 * 1024;
const TRIES = 6;

function putPart(url: string, blob: Blob, start: number, total: number, type: string, onBytes: (sent: number) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const end = Math.min(start + PART, total);
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', type || 'application/octet-stream');
    xhr.setRequestHeader('Content-Range', `bytes ${start}-${end - 1}/${total}`);
    xhr.upload.onprogress = (e) => onBytes(start + e.loaded);
    xhr.onload = () => {
      let body: { data?: { received?: number } } | null = null;
      try { body = JSON.parse(xhr.responseText); } catch { /* not JSON */ }
      const received = body?.data?.received;
      if ((xhr.status === 200 || xhr.status === 409) && typeof received === 'number') resolve(received);
      else reject(new Error(UPLOAD_FAILED));
    };
    xhr.onerror = () => reject(new Error(UPLOAD_FAILED));
    xhr.send(blob.slice(start, end));
  });
}

async function arrived(url: string): Promise<number | null> {
  try {
    const res = await fetch(url, { headers: { Accept: 'application/json' } });
    const body = await res.json() as { data?: { received?: number } };
    return typeof body.data?.received === 'number' ? body.data.received : null;
  } catch {
    return null;
  }
}

export async function uploadVideo(url: string, blob: Blob, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<void> {
  const total = blob.size;
  let at = (await arrived(url)) ?? 0;
  let failures = 0;
  while (at < total) {
    if (signal?.aborted) throw new Error('File upload cancelled');
    try {
      at = await putPart(url, blob, at, total, blob.type, (sent) => onProgress(Math.floor((sent / total) * 100)));
      failures = 0;
    } catch (e) {
      if (++failures >= TRIES) throw e;
      await new Promise((r) => setTimeout(r, 1000 * 2 ** failures));
      at = (await arrived(url)) ?? at;
    }
    onProgress(Math.floor((at / total) * 100));
  }
}
