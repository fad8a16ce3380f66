// /getUsers sorts on e-mail and on mobile (SPEC 2.1). Users without the value sort last either way.
export type SortKey = 'email' | 'mobile_no';
export type SortDirection = 'ascending' | 'descending';
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

type Sortable = Record<SortKey, string | null>;

const collator = new Intl.Collator('en', { sensitivity: 'base' });

export function sortUsers<T extends Sortable>(users: readonly T[], sort: Sort | null): T[] {
  if (!sort) return [...users];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...users].sort((a, b) => {
    const x = a[sort.key] || null;
    const y = b[sort.key] || null;
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * collator.compare(x, y);
  });
}

/** A click on a column's sort button: ascending first, then it flips. */
export function nextSort(current: Sort | null, key: SortKey): Sort {
  return current?.key === key && current.direction === 'ascending'
    ? { key, direction: 'descending' }
    : { key, direction: 'ascending' };
}
