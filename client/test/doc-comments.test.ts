// What an editor shows: every method of the client and createIntegrationClient itself carry a doc
// comment, read through the compiler from the public entry as a consumer's editor reads it.
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import type TypeScript from 'typescript';
import { projectOptions, ts } from '../../scripts/typescript-api.ts';

const ENTRY = fileURLToPath(new URL('../src/index.ts', import.meta.url));

it('every method of IntegrationClient and createIntegrationClient have a doc comment', { timeout: 60_000 }, () => {
  const program = ts.createProgram([ENTRY], { ...projectOptions(), noEmit: true });
  const checker = program.getTypeChecker();
  const entry = checker.getSymbolAtLocation(program.getSourceFile(ENTRY)!)!;
  const exported = new Map(checker.getExportsOfModule(entry).map((s) => [s.name, s]));
  const docOf = (symbol: TypeScript.Symbol) => ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();

  const factory = checker.getAliasedSymbol(exported.get('createIntegrationClient')!);
  expect(docOf(factory)).not.toBe('');
  const clientType = checker.getDeclaredTypeOfSymbol(checker.getAliasedSymbol(exported.get('IntegrationClient')!));
  const methods = checker.getPropertiesOfType(clientType);
  expect(methods.length).toBeGreaterThanOrEqual(20);
  expect(methods.filter((m) => docOf(m) === '').map((m) => m.name)).toEqual([]);
});
