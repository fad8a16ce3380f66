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

describe('storage', () => {
  const S3 = { STORAGE_PROVIDER: 's3', S3_BUCKET: 'images', S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret' };

  it('keeps images on local disk by default', () => {
    expect(loadConfig({}).storage).toEqual({ provider: 'local' });
    expect(loadConfig({ S3_BUCKET: 'ignored' }).storage).toEqual({ provider: 'local' });
  });

  it('uses AWS in us-east-1 with virtual-hosted requests when no endpoint is set', () => {
    expect(loadConfig(S3).storage).toEqual({
      provider: 's3',
      s3: {
        endpoint: undefined,
        region: 'us-east-1',
        bucket: 'images',
        accessKeyId: 'AKIA1',
        secretAccessKey: 'secret',
        forcePathStyle: false,
      },
    });
  });

  it('uses path-style requests with an S3-compatible endpoint unless told otherwise', () => {
    const minio = { ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-3' };
    expect(loadConfig(minio).storage).toMatchObject({
      s3: { endpoint: 'http://127.0.0.1:9000', region: 'eu-west-3', forcePathStyle: true },
    });
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({
      s3: { forcePathStyle: false },
    });
    expect(loadConfig({ ...S3, S3_FORCE_PATH_STYLE: 'true' }).storage).toMatchObject({ s3: { forcePathStyle: true } });
  });

  it.each(['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])('names %s when S3 needs it', (name) => {
    const attempt = () => loadConfig({ ...S3, [name]: '' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(`Invalid configuration:\n  ${name}: required with STORAGE_PROVIDER=s3`);
  });

  it('names every missing S3 setting at once', () => {
    expect(() => loadConfig({ STORAGE_PROVIDER: 's3' })).toThrow(
      'Invalid configuration:\n' +
        '  S3_BUCKET: required with STORAGE_PROVIDER=s3\n' +
        '  S3_ACCESS_KEY_ID: required with STORAGE_PROVIDER=s3\n' +
        '  S3_SECRET_ACCESS_KEY: required with STORAGE_PROVIDER=s3',
    );
  });

  it('refuses an unknown provider, an endpoint that is not an http(s) URL and a bad path-style flag', () => {
    expect(() => loadConfig({ STORAGE_PROVIDER: 'gcs' })).toThrow(/STORAGE_PROVIDER/);
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: 'ftp://files.example.org' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...S3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
