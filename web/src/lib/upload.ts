import { apiUrl, failedResponse, parseBody, requestHeaders } from './api-client';
import { reportNetworkOutcome } from '@/stores/connectivity-store';

export interface UploadOptions {
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /**
   * The token to send instead of the session's: the family tablet sends a
   * chore with the short session a child's PIN opened, never stored as this
   * browser's session. A 401 then ends no session here.
   */
  token?: string;
  /**
   * Sent as the `Idempotency-Key` header: the same send made again with the
   * same key (a retry after a lost answer) is answered with the first result
   * and makes nothing new. Made once per user action, kept for its retries.
   */
  idempotencyKey?: string;
}

/**
 * Posts `form` as multipart with the session token, like api.post, but through
 * XMLHttpRequest so that the upload's progress can be shown (fetch reports
 * none). Failures are those of api calls: an ApiError for a non-2xx answer (a
 * 401 ends the session), a TypeError when the network fails, an AbortError
 * when `signal` aborts. With `token`, the call carries that token instead;
 * with `idempotencyKey`, an `Idempotency-Key` header.
 */
export function upload<T>(
  path: string,
  form: FormData,
  { onProgress, signal, token, idempotencyKey }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    const headers = requestHeaders(token === undefined);
    if (token !== undefined) headers.set('Authorization', `Bearer ${token}`);
    if (idempotencyKey !== undefined) headers.set('Idempotency-Key', idempotencyKey);
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      reportNetworkOutcome(true);
      const data = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(failedResponse(xhr.status, data, token === undefined));
    });
    xhr.addEventListener('error', () => {
      reportNetworkOutcome(false);
      reject(new TypeError('Network request failed'));
    });
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was aborted', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    xhr.send(form);
  });
}
