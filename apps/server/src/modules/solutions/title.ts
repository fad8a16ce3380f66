// D-30: the name of a post wherever the server writes it (answers, notifications, SMS).
import { postTitle, type Bilingual } from '@app/shared';

interface TitledRow {
  title: string | null;
  sub_category_en: string;
  sub_category_fr: string;
}

/** The stored title, else the sub-category's name, in both languages. */
export const titleOf = (row: TitledRow): Bilingual =>
  postTitle({ title: row.title, sub_category: { en: row.sub_category_en, fr: row.sub_category_fr } });

/** The title in one reader's language ('en' or 'fr', as the `lang` query). */
export const titleIn = (row: TitledRow, lang: 'en' | 'fr'): string => titleOf(row)[lang];
