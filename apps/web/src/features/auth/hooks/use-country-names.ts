import { useQuery } from '@tanstack/react-query';
import type { Language } from '@app/shared';
import { loadCountryNames } from '../utils/countries';

/** The country names of one language, loaded once per visit; null while they arrive. */
export function useCountryNames(language: Language) {
  const query = useQuery({
    // Its own key: other screens cache country lists of another shape.
    queryKey: ['auth', 'countryNameMap', language],
    queryFn: () => loadCountryNames(language),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return query.data ?? null;
}
