import { describe, expect, it } from 'vitest';
import { contactIn, stripBidiControls } from './text-rules.js';

describe('contacts in a request note (D-32)', () => {
  it.each([
    ['Call me on +221 77 123 45 67', 'phone'],
    ['77-123-45-67 after 6pm', 'phone'],
    ['0022177123456', 'phone'],
    ['771234567', 'phone'],
    ['(77) 123.45.67', 'phone'],
    ['write to me@x.sn', 'email'],
    ['Aminata.Diallo+tractor@example.org', 'email'],
    ['https://wa.me/221771234567', 'link'],
    ['see http://example.org/t', 'link'],
    ['www.x.com', 'link'],
    ['find me on mysite.sn/profile', 'link'],
  ])('finds a contact in "%s" (%s)', (text, kind) => {
    expect(contactIn(text)).toBe(kind);
  });

  it.each([
    '2 days, 3 bags, 15000 F',
    'I need it for 2 days, from 8 am; 25 000 F is fine',
    'Can you deliver 120 kg to the market?',
    'Merci, à demain. Tractor 4x4, 2019.',
    '',
  ])('finds no contact in "%s"', (text) => {
    expect(contactIn(text)).toBeNull();
  });
});

describe('bidirectional overrides (D-32, D-28)', () => {
  it('removes the right-to-left override that shows "gpj.exe" as "exe.jpg"', () => {
    expect(stripBidiControls('photo\u202Egpj.exe')).toBe('photogpj.exe');
  });

  it('removes every embedding, override, isolate and invisible mark, and keeps the joiners', () => {
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200B\u200E\u200F';
    expect(stripBidiControls(`a${controls}b`)).toBe('ab');
    // A family emoji and a Persian word hold zero-width joiners and non-joiners.
    const plain = 'Salam, مرحبا, à demain 👨\u200D👩\u200D👧 می\u200Cخواهم';
    expect(stripBidiControls(plain)).toBe(plain);
  });

  it('finds a phone number hidden by invisible characters, other scripts or wide digits', () => {
    expect(contactIn('call 7\u200B7\u200B1\u200B2\u200B3\u200B4\u200B5\u200B6\u200B7')).toBe('phone');
    expect(contactIn('٧٧١٢٣٤٥٦٧')).toBe('phone');
    expect(contactIn('７７１２３４５６７')).toBe('phone');
    expect(contactIn('77,123,45,67')).toBe('phone');
    expect(contactIn('77_123_45_67')).toBe('phone');
    expect(contactIn('77/1/23 4/5/67')).toBe('phone');
    expect(contactIn('aminata＠gmail．com')).toBe('email');
  });
});

describe('dates in a note', () => {
  it('are not taken for phone numbers', () => {
    expect(contactIn('from 05/03/2026 to 07/03/2026')).toBeNull();
    expect(contactIn('2026-03-05 until 2026-03-06')).toBeNull();
    expect(contactIn('le 5.3.26 svp')).toBeNull();
  });
  it('do not hide a phone number written beside them', () => {
    expect(contactIn('le 05/03/2026, appelez le 77 123 45 67')).toBe('phone');
  });
});
