import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest that records what is sent and lets a test
 * report upload progress and answer when it chooses.
 */
export class FakeUploadRequest {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Document | XMLHttpRequestBodyInit | null = null;
  status = 0;
  responseText = '';
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }

  send(body: Document | XMLHttpRequestBodyInit | null = null) {
    this.body = body;
  }

  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }

  /** The multipart body that was sent. */
  get form(): FormData {
    if (!(this.body instanceof FormData)) throw new Error('The request sent no FormData');
    return this.body;
  }

  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { loaded, total, lengthComputable: true }));
  }

  /** Answers with `status` and `body` sent as JSON (or as it is, when a string). */
  respond(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }

  failNetwork() {
    this.events.dispatchEvent(new Event('error'));
  }
}

/** Replaces XMLHttpRequest; returns the requests made, in order. */
export function stubUpload(): FakeUploadRequest[] {
  const requests: FakeUploadRequest[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeUploadRequest {
      constructor() {
        super();
        requests.push(this);
      }
    },
  );
  return requests;
}
