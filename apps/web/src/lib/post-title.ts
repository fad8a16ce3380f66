// D-30: a post is named by its title everywhere (map, lists, details, share, admin). The server
// sends the stored title, else the sub-category's name in the reader's language; an answer that
// carries no title (older cached answers, reports) falls back to the sub-category here.
import { pick, type Bilingual, type Language } from '@app/shared';
import { getLanguage } from './settings';

export const postTitleOf = (
  post: { sub_category: Bilingual; title?: string | null },
  language: Language = getLanguage(),
): string => (post.title?.trim() ? post.title.trim() : pick(post.sub_category, language));
