// The map's cached viewports (features/map), refreshed by the features that change what it shows.
import type { QueryClient } from '@tanstack/react-query';
import { sharedKeys } from './query-keys';

/** After a post is published, taken, freed or deleted: every map view asks the server again. */
export const invalidateMapViews = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: sharedKeys.mapViews() });
