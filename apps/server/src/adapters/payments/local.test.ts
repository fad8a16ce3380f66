// D-1: the local provider's orders live in the database, so an order made on one
// instance is approved on another and captured on a third, as behind a load balancer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { migrateDatabase } from '../../db/migrate.js';
import { localOrdersRepository } from '../../modules/payments/repository.js';
import { throwawayDatabaseUrl } from '../../../test/databases.js';
import { LocalPaymentAdapter } from './local.js';

describe('the local payment provider across instances', () => {
  let target: { url: string; drop(): Promise<void> };
  const opened: Database[] = [];
  let instances: LocalPaymentAdapter[] = [];

  beforeAll(async () => {
    target = await throwawayDatabaseUrl();
    for (let i = 0; i < 3; i++) opened.push(await openDatabase({ databaseUrl: target.url, dataDir: '/nonexistent' }));
    await migrateDatabase(opened[0]!);
    instances = opened.map((database) => new LocalPaymentAdapter(localOrdersRepository(database.db)));
  });

  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    await target?.drop();
  });

  it('shows, approves and captures on other instances an order made on one', async () => {
    const [one, two, three] = instances as [LocalPaymentAdapter, LocalPaymentAdapter, LocalPaymentAdapter];
    const approval = await one.createOrder({
      amountMinor: 1500,
      currency: 'XOF',
      description: 'Contact access',
      returnUrl: 'https://market.example.org/successurl',
      cancelUrl: 'https://market.example.org/cancelUrl',
      reference: 'ref-1',
    });
    expect(await two.page(approval.id)).toContain('1500 XOF');
    const back = new URL((await two.approve(approval.id))!);
    expect(back.searchParams.get('token')).toBe(approval.id);
    const capture = await three.captureOrder(approval.id);
    expect(capture).toMatchObject({ amountMinor: 1500, currency: 'XOF', payerId: back.searchParams.get('PayerID') });
    expect(await one.page(approval.id)).toContain('already captured');
  });

  it('keeps a cancelled order cancelled whichever instance is asked', async () => {
    const [one, two] = instances as [LocalPaymentAdapter, LocalPaymentAdapter];
    const approval = await one.createOrder({
      amountMinor: 500,
      currency: 'USD',
      description: 'Contact access',
      returnUrl: 'https://market.example.org/successurl',
      cancelUrl: 'https://market.example.org/cancelUrl',
      reference: 'ref-2',
    });
    expect(await two.cancel(approval.id)).toBe('https://market.example.org/cancelUrl');
    // Approving after a cancel only sends the payer back to the cancel page.
    expect(await one.approve(approval.id)).toBe('https://market.example.org/cancelUrl');
    await expect(two.captureOrder(approval.id)).rejects.toThrow(/cancelled/);
  });
});

describe('the local provider voids and refunds', () => {
  const order = (adapter: LocalPaymentAdapter) =>
    adapter.createOrder({
      amountMinor: 225,
      currency: 'USD',
      description: 'Contact access',
      returnUrl: 'https://market.example.org/successurl',
      cancelUrl: 'https://market.example.org/cancelUrl',
      reference: 'ref-3',
    });

  it('never captures a voided order, approved or not', async () => {
    const adapter = new LocalPaymentAdapter();
    const approved = await order(adapter);
    await adapter.approve(approved.id);
    await adapter.voidOrder(approved.id);
    await expect(adapter.captureOrder(approved.id)).rejects.toThrow(/cancelled/);
    const fresh = await order(adapter);
    await adapter.voidOrder(fresh.id);
    expect(await adapter.page(fresh.id)).toContain('already cancelled');
  });

  it('refunds a captured order, which is then never captured again, and leaves a captured order when voided', async () => {
    const adapter = new LocalPaymentAdapter();
    const approval = await order(adapter);
    await adapter.approve(approval.id);
    const capture = await adapter.captureOrder(approval.id);
    await adapter.voidOrder(approval.id);
    expect(await adapter.page(approval.id)).toContain('already captured');
    await adapter.refundCapture(capture, approval.id);
    await adapter.refundCapture(capture, approval.id);
    expect(await adapter.page(approval.id)).toContain('already refunded');
    await expect(adapter.captureOrder(approval.id)).rejects.toThrow(/refunded/);
  });
});
