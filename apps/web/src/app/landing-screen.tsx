// The landing page `/` for visitors: what the product does (features/info), then the map of posts
// (features/map), whose markers open the sign-in prompt (SPEC 6). The map section downloads its
// map only when it scrolls into view, so the first load stays light.
import { LandingPage } from '../features/info/components/landing-page';
import { MapSection } from '../features/map/components/map-section';
import { useVisitorPrompt } from './visitor-prompt';

export function LandingScreen(_props: { title: string }) {
  const prompt = useVisitorPrompt();
  return (
    <>
      <LandingPage />
      <MapSection onMarkerOpen={prompt} />
    </>
  );
}
