import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render';
import fr from '../../../locales/fr-ca.json';
import { AboutPage } from './about-page';

describe('AboutPage', () => {
  it('credits GeoNames for place names, linking the source and the CC BY licence (D-26)', () => {
    renderScreen('/about', <AboutPage title="About" />);
    expect(screen.getByRole('heading', { name: 'Place names' })).toBeInTheDocument();
    expect(screen.getByText(/City names and positions come from GeoNames/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'GeoNames (geonames.org)' }).getAttribute('href')).toBe(
      'https://www.geonames.org/',
    );
    expect(screen.getByRole('link', { name: /CC BY 4\.0/ }).getAttribute('href')).toBe(
      'https://creativecommons.org/licenses/by/4.0/',
    );
  });

  it('has the attribution in French too', () => {
    expect(fr.about.placesTitle).toBe('Noms de lieux');
    expect(fr.about.placesText).toMatch(/GeoNames/);
  });
});
