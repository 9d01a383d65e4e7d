// Where the contract marks the specification silent (`x-gap`): the oracle accepts any answer there
// instead of comparing it with the model's choice.
import { contractDocument } from '../../../../openapi/index.ts';

type Node = Record<string, unknown> & { 'x-gap'?: unknown };

/** The `x-gap` text of a component schema (or one of its properties), or undefined when the contract fixes it. */
export function schemaGap(schema: string, property?: string): string | undefined {
  const schemas = (contractDocument as unknown as { components: { schemas: Record<string, Node> } }).components.schemas;
  const node = schemas[schema];
  if (!node) throw new Error(`the contract has no schema ${schema}`);
  const at = property === undefined ? node : (node.properties as Record<string, Node> | undefined)?.[property];
  const gap = at?.['x-gap'] ?? node['x-gap'];
  return typeof gap === 'string' ? gap : undefined;
}
