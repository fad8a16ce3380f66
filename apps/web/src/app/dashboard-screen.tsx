// SPEC 2.3 items 1 and 2 (/dashboard and /map) with issue 16's search box over the map: the map
// screen (features/map) and the search (features/posts) meet here.
import { PostSearch } from '../features/posts/components/post-search';
import { MapScreen } from '../features/map/components/map-screen';

export function DashboardScreen({ title }: { title: string }) {
  return <MapScreen title={title} search={(position) => <PostSearch variant="overlay" position={position} />} />;
}
