/**
 * Multipart requests with upload progress. fetch() reports no upload progress, so vehicle create and
 * edit go through XMLHttpRequest, whose `upload.onprogress` does.
 */
import { ApiError, toApiError } from '../../../lib/api-client';

export interface MultipartResult {
  status: number;
  body: unknown;
}

function parseBody(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends `form` and reports progress as a fraction 0..1; resolves with the parsed JSON, rejects with
 * an ApiError like every other call (problem+json detail and field errors; status 0 when no answer came).
 */
export function sendMultipart(
  method: 'POST' | 'PUT',
  url: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<MultipartResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseBody(xhr);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve({ status: xhr.status, body });
      } else {
        reject(toApiError(xhr.status, xhr.responseText, body));
      }
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, detail: 'The connection failed. Check your network and try again.' }));
    xhr.onabort = () => reject(new ApiError({ status: 0, detail: 'The upload was cancelled.' }));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
