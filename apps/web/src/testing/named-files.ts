// Vitest's jsdom environment hands a jsdom FormData to Node's Request by copying each file into a
// plain Blob, so the file's name is lost (it arrives as "blob"), where a browser sends it. This
// Request copies the files with their names, their bytes taken as Vitest takes them (jsdom's
// Blob buffer), so an upload reaches the mock server as a browser would send it.
import { Blob as NodeBlob } from 'node:buffer';

// Node's own FormData, which Vitest's jsdom globals hide.
const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
const impl = Object.getOwnPropertySymbols(Object.getOwnPropertyDescriptors(new Blob([])))[0]!;
const bytes = (blob: Blob) => (blob as unknown as Record<symbol, { _buffer: Uint8Array }>)[impl]!._buffer;

function withNamedFiles(init?: RequestInit): RequestInit | undefined {
  if (!(init?.body instanceof FormData)) return init;
  const form = new NodeFormData();
  init.body.forEach((value, key) => {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new NodeBlob([bytes(value)], { type: value.type }) as Blob, value.name);
  });
  return { ...init, body: form };
}

const VitestRequest = globalThis.Request;
globalThis.Request = class Request extends VitestRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, withNamedFiles(init));
  }
};
