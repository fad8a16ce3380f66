// French as written in Canada (fr-CA): a space before ":", "?" and "!" in every French text of the
// app. New keys are checked too, so the rule holds as texts are added.
import { describe, expect, it } from 'vitest';
import { frenchSpacingProblems } from '@app/shared';
import fr from './fr-ca.json';

function values(node: unknown, path: string[] = []): [string, string][] {
  if (typeof node === 'string') return [[path.join('.'), node]];
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([key, value]) => values(value, [...path, key]));
  return [];
}

describe('fr-ca.json typography', () => {
  it('puts a space before every ":", "?" and "!"', () => {
    const wrong = values(fr).flatMap(([key, text]) => frenchSpacingProblems(text).map((at) => `${key}: ${at}`));
    expect(wrong).toEqual([]);
  });

  it('uses the same no-break space everywhere, never a plain one that could break the line', () => {
    const plain = values(fr).filter(([, text]) => / [:?!](?=\s|$)/.test(text.replace(/\{\{[^}]*\}\}/g, 'x')));
    expect(plain.map(([key]) => key)).toEqual([]);
  });

  it('catches "Pas encore fait?" and "Courriel:" and lets "11:19", URLs and placeholders be', () => {
    expect(frenchSpacingProblems('Pas encore fait?')).toHaveLength(1);
    expect(frenchSpacingProblems('Courriel: {{email}}')).toHaveLength(1);
    expect(frenchSpacingProblems('Pas encore fait\u00a0? Courriel\u00a0: à 11:19, https://a.example/x?y=1')).toEqual(
      [],
    );
    expect(frenchSpacingProblems('{{kind}}\u00a0: {{title}}')).toEqual([]);
  });
});
