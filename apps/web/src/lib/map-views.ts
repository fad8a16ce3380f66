// The map's cached viewports (features/map), refreshed by the features that change what it shows.
import type { QueryClient } from '@tanstack/react-query';

/** The first element of every map view's query key. */
export const MAP_VIEW_KEY = 'map-view';

/** After a post is published, taken, freed or deleted: every map view asks the server again. */
export const invalidateMapViews = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: [MAP_VIEW_KEY] });
