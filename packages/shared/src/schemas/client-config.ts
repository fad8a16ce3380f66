// GET /api/config: what the web app needs to know about this server's set-up (D-19).
import { z } from 'zod';

export const clientConfigSchema = z
  .object({
    /** An online tile URL template (`https://…/{z}/{x}/{y}.png`), or null for the offline basemap. */
    tile_url: z.string().nullable(),
    /** D-21: the VAPID public key for the browser's push subscription, or null when push is local. */
    vapid_public_key: z.string().nullable(),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof clientConfigSchema>;
