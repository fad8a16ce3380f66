// The browser's resource timing, played by hand for code that waits for a quiet network: stub
// PerformanceObserver with ResourceObserver, and `finishDownload()` is a download ending.
let notify: (() => void) | undefined;

export class ResourceObserver {
  constructor(callback: () => void) {
    notify = callback;
  }
  observe() {}
  disconnect() {
    notify = undefined;
  }
}

export const finishDownload = () => notify?.();
