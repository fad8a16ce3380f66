import type { ReactNode } from 'react';

/** The frame of a screen: its heading and content, at a readable width. */
export function Page({ title, children, wide = false }: { title: string; children?: ReactNode; wide?: boolean }) {
  return (
    <article className={wide ? 'page page-wide' : 'page'}>
      <h1 className="page-title">{title}</h1>
      {children}
    </article>
  );
}
