import { describe, expect, it } from 'vitest';
import { escapeHtml, renderLocalPage } from './local-page.js';

describe('local sign-in page', () => {
  it('escapes every character that could end an attribute or open a tag', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('labels both fields in English and French and has no script', () => {
    const html = renderLocalPage({ state: 'abc' });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('First name <span lang="fr">/ Prénom</span>');
    expect(html).toContain('E-mail (optional) <span lang="fr">/ Courriel (facultatif)</span>');
    expect(html).not.toMatch(/<script|onclick|onload|javascript:/i);
    expect(html).not.toContain('role="alert"');
  });

  it('marks a refused field and links it to its message', () => {
    const html = renderLocalPage({ state: 's', firstName: '', errors: { first_name: 'Required' } });
    expect(html).toContain('role="alert"');
    expect(html).toContain('aria-invalid="true" aria-describedby="first_name-error"');
    expect(html).toContain('id="first_name-error"');
  });
});
