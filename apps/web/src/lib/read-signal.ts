// D-28: reading a deal's thread marks its messages, and the mailbox's notices of them, read on the
// server. The header's counts (the bell, the deals badge) then ask again: in this tab at once, and
// in the user's other open tabs through a BroadcastChannel, so no tab keeps counting what was read.
// It lives here, beneath the features: deals announce the reading, notifications listen.
type Listener = () => void;

const CHANNEL = 'app-reads';
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

const tell = () => {
  for (const listener of [...listeners]) listener();
};

function openChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  channel?.addEventListener('message', tell);
  return channel;
}

/** Something was read on the server: every tab's counts ask again. */
export function announceRead(): void {
  tell();
  openChannel()?.postMessage('read');
}

/** Called when this tab or another one read something; returns the unsubscribe. */
export function onRead(listener: Listener): () => void {
  openChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
