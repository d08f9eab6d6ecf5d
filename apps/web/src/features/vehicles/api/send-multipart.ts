/**
 * Multipart requests with upload progress. fetch() reports no upload progress, so vehicle create and
 * edit go through XMLHttpRequest, whose `upload.onprogress` does.
 */
export interface MultipartResult {
  status: number;
  body: unknown;
}

export class MultipartError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'MultipartError';
  }
}

const FALLBACK_MESSAGE = 'Failed to save vehicle';

/** The readable sentence of a problem+json answer (its `detail`), else a plain-text body, else the fallback. */
export function problemMessage(body: unknown, fallback = FALLBACK_MESSAGE): string {
  if (body && typeof body === 'object') {
    const detail = (body as { detail?: unknown }).detail;
    if (typeof detail === 'string' && detail.trim()) return detail;
    const title = (body as { title?: unknown }).title;
    if (typeof title === 'string' && title.trim()) return title;
  }
  if (typeof body === 'string' && body.trim() && body.length < 500) return body;
  return fallback;
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

/** Sends `form` and reports progress as a fraction 0..1; resolves with the parsed JSON, rejects with MultipartError. */
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
        reject(new MultipartError(problemMessage(body), xhr.status, body));
      }
    };
    xhr.onerror = () => reject(new MultipartError('The connection failed. Check your network and try again.', 0, null));
    xhr.onabort = () => reject(new MultipartError('The upload was cancelled.', 0, null));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
