import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../logger.js';
import { ConsoleSmsAdapter, DEFAULT_OUTBOX_LIMIT } from './console.js';

const quietLogger = () => ({ info: vi.fn<(obj: object, msg: string) => void>() });

describe('ConsoleSmsAdapter', () => {
  it('keeps each message in the outbox with the time it was sent', async () => {
    const at = new Date('2025-01-02T03:04:05Z');
    const sms = new ConsoleSmsAdapter({ logger: quietLogger(), now: () => at });
    await sms.send({ to: '+15551230001', text: 'Your code is 123456' });
    await sms.send({ to: '+15551230002', text: 'Your code is 654321' });
    expect(sms.name).toBe('console');
    expect(sms.outbox).toEqual([
      { to: '+15551230001', text: 'Your code is 123456', at },
      { to: '+15551230002', text: 'Your code is 654321', at },
    ]);
  });

  it('logs the number and the text of every message at info level', async () => {
    const logger = quietLogger();
    const sms = new ConsoleSmsAdapter({ logger });
    await sms.send({ to: '+15551230001', text: 'Your code is 123456' });
    expect(logger.info).toHaveBeenCalledTimes(1);
    const [obj, msg] = logger.info.mock.calls[0] ?? [];
    expect(obj).toEqual({ sms: { to: '+15551230001', text: 'Your code is 123456' } });
    expect(msg).toContain('+15551230001');
    expect(msg).toContain('Your code is 123456');
  });

  it('shows the code in the real server log, which redacts submitted codes', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const sms = new ConsoleSmsAdapter({ logger: createLogger('info', sink) });
    await sms.send({ to: '+15551230001', text: 'Your code is 123456' });
    const entry = JSON.parse(lines[0] ?? '{}') as { level?: number; msg?: string; sms?: unknown };
    expect(entry.level).toBe(30);
    expect(entry.msg).toContain('123456');
    expect(entry.sms).toEqual({ to: '+15551230001', text: 'Your code is 123456' });
  });

  it('finds the messages sent to one number, and the last one', async () => {
    const sms = new ConsoleSmsAdapter({ logger: quietLogger() });
    await sms.send({ to: '+15551230001', text: 'first' });
    await sms.send({ to: '+15551230002', text: 'other' });
    await sms.send({ to: '+15551230001', text: 'second' });
    expect(sms.messagesTo('+15551230001').map((m) => m.text)).toEqual(['first', 'second']);
    expect(sms.lastTo('+15551230001')?.text).toBe('second');
    expect(sms.lastTo('+15551230002')?.text).toBe('other');
    expect(sms.lastTo('+15559999999')).toBeUndefined();
    expect(sms.messagesTo('+15559999999')).toEqual([]);
  });

  it('keeps only the newest messages once the outbox is full', async () => {
    const sms = new ConsoleSmsAdapter({ logger: quietLogger(), limit: 3 });
    for (let i = 1; i <= 5; i++) await sms.send({ to: '+15551230001', text: `message ${i}` });
    expect(sms.outbox.map((m) => m.text)).toEqual(['message 3', 'message 4', 'message 5']);
    expect(sms.lastTo('+15551230001')?.text).toBe('message 5');
  });

  it(`bounds the outbox at ${DEFAULT_OUTBOX_LIMIT} messages by default`, async () => {
    const sms = new ConsoleSmsAdapter({ logger: quietLogger() });
    for (let i = 0; i < DEFAULT_OUTBOX_LIMIT + 25; i++) await sms.send({ to: '+15551230001', text: `m${i}` });
    expect(sms.outbox).toHaveLength(DEFAULT_OUTBOX_LIMIT);
    expect(sms.outbox[0]?.text).toBe('m25');
  });

  it('does not let a reader change the outbox', async () => {
    const sms = new ConsoleSmsAdapter({ logger: quietLogger() });
    await sms.send({ to: '+15551230001', text: 'kept' });
    const view = sms.outbox as unknown as { text: string }[];
    view.length = 0;
    sms.messagesTo('+15551230001').pop();
    expect(sms.outbox).toHaveLength(1);
    expect(() => {
      (sms.lastTo('+15551230001') as { text: string }).text = 'changed';
    }).toThrow(TypeError);
    expect(sms.lastTo('+15551230001')?.text).toBe('kept');
  });

  it('empties the outbox on clear()', async () => {
    const sms = new ConsoleSmsAdapter({ logger: quietLogger() });
    await sms.send({ to: '+15551230001', text: 'gone' });
    sms.clear();
    expect(sms.outbox).toEqual([]);
  });

  it('refuses an outbox limit below one', () => {
    expect(() => new ConsoleSmsAdapter({ logger: quietLogger(), limit: 0 })).toThrow(RangeError);
  });
});
