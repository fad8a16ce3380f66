// The import rules of STYLE.md are enforced by lint: these cases must be refused.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('lint boundaries', () => {
  it('refuse a web feature importing another feature', async () => {
    const ids = await ruleIds(
      'apps/web/src/features/info/components/x.tsx',
      "import { LanguageSwitch } from '../../settings/components/language-switch';\nexport const X = LanguageSwitch;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('refuse shared web code importing a feature or the app layer', async () => {
    const ids = await ruleIds(
      'apps/web/src/components/x.ts',
      "import { ROUTES } from '../app/routes';\nexport const X = ROUTES;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('allow a feature to import shared components', async () => {
    const ids = await ruleIds(
      'apps/web/src/features/info/components/x.tsx',
      "import { Page } from '../../../components/page';\nexport const X = Page;\n",
    );
    expect(ids).toEqual([]);
  });

  it('refuse bare text in JSX', async () => {
    const ids = await ruleIds('apps/web/src/components/x.tsx', 'export const X = () => <p>Hello</p>;\n');
    expect(ids).toContain('react/jsx-no-literals');
  });

  it('refuse database access outside repositories on the server', async () => {
    const ids = await ruleIds(
      'apps/server/src/modules/system/service.ts',
      "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\n",
    );
    expect(ids).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('allow a repository to use the database', async () => {
    const ids = await ruleIds(
      'apps/server/src/modules/system/repository.ts',
      "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\n",
    );
    expect(ids).toEqual([]);
  });

  it('refuse a package the importing workspace does not declare', async () => {
    // fastify is the server's; hoisting would let the web import it unnoticed.
    const ids = await ruleIds('apps/web/src/lib/x.ts', "import Fastify from 'fastify';\nexport const X = Fastify;\n");
    expect(ids).toContain('import-x/no-extraneous-dependencies');
  });

  it('allow a package the importing workspace declares', async () => {
    const ids = await ruleIds(
      'apps/server/src/lib/x.ts',
      "import Fastify from 'fastify';\nexport const X = Fastify;\n",
    );
    expect(ids).toEqual([]);
  });

  it('refuse a query key written as a literal outside a query-keys factory', async () => {
    const cases = [
      "export const q = { queryKey: ['me'] };\n",
      "import type { QueryClient } from '@tanstack/react-query';\nexport const f = (c: QueryClient) => c.setQueryData(['me'], null);\n",
      "export const meKey = ['me'] as const;\n",
    ];
    for (const code of cases) expect(await ruleIds('apps/web/src/lib/x.ts', code)).toContain('no-restricted-syntax');
  });

  it('allow literal query keys in a factory', async () => {
    const ids = await ruleIds(
      'apps/web/src/features/info/api/query-keys.ts',
      "export const infoKeys = { all: ['info'] as const };\nexport const q = { queryKey: infoKeys.all };\n",
    );
    expect(ids).toEqual([]);
  });

  it('refuse raw SQL in a repository of plain reads and writes, and allow it in a spatial one', async () => {
    const code =
      "import { sql } from 'drizzle-orm';\nimport type { Db } from '../../db/client.js';\n" +
      'export const q = (db: Db) => db.execute(sql`select 1`);\n';
    expect(await ruleIds('apps/server/src/modules/reports/repository.ts', code)).toContain('no-restricted-syntax');
    expect(await ruleIds('apps/server/src/modules/map/repository.ts', code)).toEqual([]);
  });
});
