// The local push adapter, the default: nothing leaves the machine; messages are logged and kept
// in a bounded outbox that tests read.
import type { PushAdapter, PushMessage } from './push-adapter.js';

export class LocalPushAdapter implements PushAdapter {
  readonly name = 'local';
  readonly #outbox: { deviceToken: string; message: PushMessage }[] = [];
  constructor(private readonly log: { info(obj: object, msg: string): void }) {}

  async send(deviceToken: string, message: PushMessage) {
    this.#outbox.push({ deviceToken, message });
    if (this.#outbox.length > 1000) this.#outbox.shift();
    this.log.info({ push: { title: message.title, url: message.url } }, `push: ${message.body}`);
    return 'sent' as const;
  }

  get outbox() {
    return this.#outbox.slice();
  }
}
