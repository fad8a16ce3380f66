// The map pages name their screen's chunks from the web build's manifest: what the entry loads
// anyway is left out, Leaflet's kit comes last at low priority, each language gets its own texts.
import { describe, expect, it } from 'vitest';
import { EARLY_SCRIPT, mapPreloads, type BuildManifest } from './web-preloads.js';

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-a.js', src: 'index.html', isEntry: true, imports: ['_icons-i.js'] },
  '_icons-i.js': { file: 'assets/icons-i.js' },
  '_map-screen-s.js': {
    file: 'assets/map-screen-s.js',
    name: 'map-screen',
    imports: ['index.html', '_icons-i.js', '_map-shared-h.js'],
    css: ['assets/map-screen-s.css'],
  },
  '_map-shared-h.js': { file: 'assets/map-shared-h.js', imports: ['index.html'] },
  '_posts-map-p.js': {
    file: 'assets/posts-map-p.js',
    name: 'posts-map',
    imports: ['index.html', '_map-screen-s.js', '_map-kit-k.js'],
  },
  '_map-kit-k.js': { file: 'assets/map-kit-k.js', css: ['assets/map-kit-k.css'] },
  'src/locales/en-us.json': { file: 'assets/en-us-e.js' },
  'src/locales/fr-ca.json': { file: 'assets/fr-ca-f.js' },
  [EARLY_SCRIPT]: { file: 'assets/first-map-view-x.js', src: EARLY_SCRIPT },
};

describe('map page preloads from the build manifest', () => {
  it('names the screen, then the map, its styles and the texts of the language', () => {
    const preloads = mapPreloads(manifest, 'https://tile.example.org');
    expect(preloads.paths).toEqual(['/dashboard', '/map']);
    expect(preloads.links.get('fr-ca')).toBe(
      [
        '<link rel="modulepreload" crossorigin href="/assets/map-screen-s.js">',
        '<link rel="modulepreload" crossorigin href="/assets/map-shared-h.js">',
        '<link rel="modulepreload" crossorigin href="/assets/fr-ca-f.js">',
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/posts-map-p.js">',
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/map-kit-k.js">',
        '<link rel="preload" as="style" crossorigin href="/assets/map-screen-s.css">',
        '<link rel="preload" as="style" crossorigin href="/assets/map-kit-k.css">',
      ].join(''),
    );
    expect(preloads.links.get('en-us')).toContain('href="/assets/en-us-e.js"');
    expect(preloads.links.get('en-us')).not.toContain('fr-ca-f.js');
    expect(preloads.early).toBe(
      '<script async fetchpriority="high" src="/assets/first-map-view-x.js" data-tiles="https://tile.example.org"></script>',
    );
  });

  it('refuses a build without the map screen', () => {
    const rest = Object.fromEntries(Object.entries(manifest).filter(([key]) => key !== '_map-screen-s.js'));
    expect(() => mapPreloads(rest, undefined)).toThrow(/map screen/);
  });
});
