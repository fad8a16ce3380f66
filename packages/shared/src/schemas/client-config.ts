// GET /api/config: what the web app needs to know about this server's set-up (D-19).
import { z } from 'zod';

export const clientConfigSchema = z
  .object({
    /** D-25: the street tile template (`https://…/{z}/{x}/{y}.png`), or null for the offline shapes alone. */
    tile_url: z.string().nullable(),
    /** D-25: who the tiles are credited to (plain text, shown escaped) and a link, or null without tiles. */
    tile_attribution: z.object({ text: z.string(), url: z.string().nullable() }).nullable(),
    /** D-21: the VAPID public key for the browser's push subscription, or null when push is local. */
    vapid_public_key: z.string().nullable(),
    /**
     * D-18: who receives mobile-money payments per country (ISO code → a number or an operator
     * contact, as configured by MOBILE_MONEY_SN/_NE/_CD); a country without one is absent.
     */
    mobile_money: z.partialRecord(z.enum(['SN', 'NE', 'CD']), z.string()).optional(),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof clientConfigSchema>;
