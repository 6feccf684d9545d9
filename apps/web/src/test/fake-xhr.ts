import { vi } from 'vitest';

/** One upload the code under test started: the fields it sent, and controls to answer it. */
export type FakeUpload = {
  url: string;
  headers: Record<string, string>;
  fields: [string, FormDataEntryValue][];
  progress: (loaded: number, total: number) => void;
  respond: (status: number, body: unknown) => void;
  fail: () => void;
};

/** Replaces XMLHttpRequest with a fake whose uploads the test answers by hand; returns the uploads started. */
export function fakeXhr(): FakeUpload[] {
  const uploads: FakeUpload[] = [];
  class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    responseType = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      uploads.push({
        url: this.url,
        headers: this.headers,
        fields: [...body.entries()],
        progress: (loaded, total) =>
          this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent),
        respond: (status, answer) => {
          this.status = status;
          this.responseText = JSON.stringify(answer);
          this.onload?.();
        },
        fail: () => this.onerror?.(),
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return uploads;
}
