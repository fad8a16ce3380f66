// D-30: a post's title. Optional when publishing (at most TITLE_MAX characters); when empty it is
// the preset sub-category's name, in the reader's language, or for 'Your own proposition...' the
// first words of the description. The server stores that last one (at publishing, and migration
// 0010 for older posts), so a stored title or the sub-category's name is all a reader needs.
import type { Bilingual } from './i18n.js';

export const TITLE_MAX = 80;
/** The first words of a description kept as a title: whole words within this many characters. */
export const FIRST_WORDS_MAX = 60;

/**
 * The description's first words, whole words within FIRST_WORDS_MAX characters (code points),
 * with '…' when cut. Migration 0010 computes the same in SQL for older posts.
 */
export function firstWords(description: string): string {
  const text = Array.from(description.replace(/\s+/g, ' ').trim());
  if (text.length <= FIRST_WORDS_MAX) return text.join('');
  const space = text.slice(0, FIRST_WORDS_MAX + 1).lastIndexOf(' ');
  return `${text.slice(0, space > 0 ? space : FIRST_WORDS_MAX).join('')}…`;
}

/** The title to store when publishing: the poster's, else the first words for an own proposition. */
export function storedTitle(title: string | null | undefined, own: boolean, description: string): string | null {
  if (title) return title;
  return own ? firstWords(description) : null;
}

/** A post's title in both languages: the stored title, else the sub-category's name (D-30). */
export function postTitle(post: { title: string | null; sub_category: Bilingual }): Bilingual {
  return post.title ? { en: post.title, fr: post.title } : post.sub_category;
}
