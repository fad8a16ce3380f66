import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../logger.js';
import { DEFAULT_MAIL_OUTBOX_LIMIT, OutboxMailAdapter } from './outbox.js';

const quietLogger = () => ({ info: vi.fn<(obj: object, msg: string) => void>() });
const letter = (to: string, text = 'Your code is 123456') => ({ to, subject: 'Confirm your e-mail address', text });

describe('OutboxMailAdapter', () => {
  it('keeps each message with the time it was sent, and finds the last one to an address', async () => {
    const at = new Date('2026-01-02T03:04:05Z');
    const mail = new OutboxMailAdapter({ logger: quietLogger(), now: () => at });
    await mail.send(letter('a@example.org', 'first'));
    await mail.send(letter('b@example.org', 'other'));
    await mail.send(letter('a@example.org', 'second'));
    expect(mail.name).toBe('outbox');
    expect(mail.outbox).toHaveLength(3);
    expect(mail.lastTo('a@example.org')).toEqual({ ...letter('a@example.org', 'second'), at });
    expect(mail.lastTo('nobody@example.org')).toBeUndefined();
  });

  it('shows the message and its code in the real server log, which redacts submitted codes', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const mail = new OutboxMailAdapter({ logger: createLogger('info', sink) });
    await mail.send(letter('a@example.org'));
    const entry = JSON.parse(lines[0] ?? '{}') as { level?: number; msg?: string; mail?: unknown };
    expect(entry.level).toBe(30);
    expect(entry.msg).toContain('a@example.org');
    expect(entry.msg).toContain('123456');
    expect(entry.mail).toEqual(letter('a@example.org'));
  });

  it(`keeps only the newest ${DEFAULT_MAIL_OUTBOX_LIMIT} messages, and nothing after clear()`, async () => {
    const mail = new OutboxMailAdapter({ logger: quietLogger() });
    for (let i = 0; i < DEFAULT_MAIL_OUTBOX_LIMIT + 5; i++) await mail.send(letter('a@example.org', `m${i}`));
    expect(mail.outbox).toHaveLength(DEFAULT_MAIL_OUTBOX_LIMIT);
    expect(mail.outbox[0]?.text).toBe('m5');
    mail.clear();
    expect(mail.outbox).toEqual([]);
    expect(() => new OutboxMailAdapter({ logger: quietLogger(), limit: 0 })).toThrow(RangeError);
  });
});
