// D-21: push messages go through an adapter. The device token is what the browser's
// PushManager.subscribe() returned (JSON with endpoint and keys), sent at login.
export interface PushMessage {
  title: string;
  body: string;
  /** The app route to open on a tap. */
  url: string;
}

/** 'gone': the browser dropped the subscription; the token should be forgotten. */
export type PushResult = 'sent' | 'gone';

export interface PushAdapter {
  readonly name: 'local' | 'webpush';
  send(deviceToken: string, message: PushMessage): Promise<PushResult>;
}
