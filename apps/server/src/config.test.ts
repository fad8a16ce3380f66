import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to port 3000, ./data, info logs and demo data on the embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: './data', logLevel: 'info', demoData: true });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('never seeds a real database unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('names every invalid setting', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL/);
    expect(attempt).toThrow(/PUBLIC_URL/);
  });

  it('accepts only an https tile URL template', () => {
    expect(loadConfig({ TILE_URL: 'https://tile.example.org/{z}/{x}/{y}.png' }).tileUrl).toContain('{z}');
    expect(() => loadConfig({ TILE_URL: 'http://tile.example.org/{z}/{x}/{y}.png' })).toThrow(/TILE_URL/);
  });
});

describe('production', () => {
  it('refuses the local social sign-in page', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SOCIAL_LOCAL: 'true' })).toThrow(/SOCIAL_LOCAL/);
    expect(loadConfig({ NODE_ENV: 'production' }).social.local).toBe(false);
  });
});
