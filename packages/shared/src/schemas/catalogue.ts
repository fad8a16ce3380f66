import { z } from 'zod';
import { CATEGORY_IDS } from '../catalogue.js';
import { bilingualSchema } from './common.js';

export const subcategorySchema = z.object({
  id: z.string(),
  label: bilingualSchema,
  own: z.boolean(),
  prices: z.object({ USD: z.number().int(), EUR: z.number().int(), XOF: z.number().int() }),
});

export const categorySchema = z
  .object({
    id: z.enum(CATEGORY_IDS),
    route: z.string(),
    name: bilingualSchema,
    deliveryBlock: z.enum(['required', 'hidden', 'optional']),
    farm: z.boolean(),
    subcategories: z.array(subcategorySchema),
  })
  .meta({ id: 'Category' });

export const catalogueSchema = z
  .object({ categories: z.array(categorySchema), currencies: z.array(z.string()) })
  .meta({ id: 'Catalogue' });
export type Catalogue = z.infer<typeof catalogueSchema>;
