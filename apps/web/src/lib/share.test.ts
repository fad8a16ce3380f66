import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailtoLink, shareApp } from './share';

const content = { subject: 'Needs & Offers', text: 'Find a truck near you', url: 'https://app.example.org' };

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'share');
});

describe('Share App (SPEC 2.2)', () => {
  it('uses the device share sheet below 500 px', async () => {
    vi.stubGlobal('innerWidth', 375);
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const open = vi.fn();
    await expect(shareApp(content, open)).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: content.subject, text: content.text, url: content.url });
    expect(open).not.toHaveBeenCalled();
  });

  it('opens an e-mail draft with the link on wide screens, even where a share sheet exists', async () => {
    vi.stubGlobal('innerWidth', 1280);
    const share = vi.fn();
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const open = vi.fn();
    await expect(shareApp(content, open)).resolves.toBe('mail');
    expect(share).not.toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith(mailtoLink(content));
  });

  it('falls back to the e-mail draft when a phone has no share sheet', async () => {
    vi.stubGlobal('innerWidth', 375);
    const open = vi.fn();
    await expect(shareApp(content, open)).resolves.toBe('mail');
    expect(open).toHaveBeenCalledOnce();
  });

  it('encodes the subject and body of the draft', () => {
    expect(mailtoLink(content)).toBe(
      'mailto:?subject=Needs%20%26%20Offers&body=Find%20a%20truck%20near%20you%0A%0Ahttps%3A%2F%2Fapp.example.org',
    );
  });
});
