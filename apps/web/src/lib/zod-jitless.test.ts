// Zod loaded after zod-jitless.ts parses without compiling and never probes for eval (which the
// CSP would report), though the module does not import zod.
import { expect, it, vi } from 'vitest';

it('makes zod, loaded afterwards, jitless: no eval probe, object schemas still parse', async () => {
  await import('./zod-jitless');
  const probe = vi.spyOn(globalThis, 'Function');
  const { config, z } = await import('zod');
  const { util } = await import('zod/v4/core');

  expect(config().jitless).toBe(true);
  const schema = z.object({ text: z.string().min(1) });
  expect(schema.parse({ text: 'hi', extra: 1 })).toEqual({ text: 'hi' });
  expect(schema.safeParse({ text: '' }).success).toBe(false);
  expect(util.allowsEval.value).toBe(false);
  expect(probe).not.toHaveBeenCalled();
});
