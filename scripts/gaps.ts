// Gathers every `x-gap` mark of the bundled contract and renders the documentation's
// "Open questions" section from them, so the page can never list more or fewer gaps than the
// contract holds. Used by the docs build (scripts/docs.ts) and by the tests.
import { escapePointer } from '../common/src/index.ts';

type Json = Record<string, unknown>;

export interface Gap {
  /** JSON pointer (`#/...`) of the node that carries the mark. */
  pointer: string;
  /** Which part of the contract the node belongs to, for grouping. */
  area: Area;
  /** Human name of the node, e.g. `GET /integration/webhook` or `FundFigure › key`. */
  where: string;
  /** The mark's text: what the specification leaves open. */
  text: string;
}

export const AREAS = [
  'Not in the contract',
  'Service and authentication',
  'Operations',
  'Webhooks',
  'Parameters and responses',
  'Schemas',
] as const;
export type Area = (typeof AREAS)[number];

export const OPEN_QUESTIONS_HEADING = 'Open questions';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/** `properties` and `items` are schema plumbing; the remaining segments name the node. */
function trail(segments: string[]): string {
  return segments.filter((s) => s !== 'properties').join(' › ');
}

function locate(segments: string[], node: Json): { area: Area; where: string } {
  const [section, name = '', ...rest] = segments;
  switch (section) {
    case 'x-document-gaps':
      return { area: 'Not in the contract', where: String(node.topic) };
    case 'info':
      return { area: 'Service and authentication', where: 'Service (info)' };
    case 'servers':
      return { area: 'Service and authentication', where: rest.length ? `Server ${trail(rest.slice(1))}` : 'Server' };
    case 'paths':
    case 'webhooks': {
      const [method = '', ...inner] = rest;
      const op = METHODS.has(method) ? `${method.toUpperCase()} ${name}` : name;
      return { area: section === 'paths' ? 'Operations' : 'Webhooks', where: [op, ...inner].join(' › ') };
    }
    case 'components': {
      const [kind = '', ...inner] = rest;
      if (name === 'schemas') return { area: 'Schemas', where: trail([kind, ...inner]) };
      if (name === 'securitySchemes')
        return { area: 'Service and authentication', where: `Security scheme ${trail([kind, ...inner])}` };
      const label = name === 'parameters' ? 'Parameter' : name === 'responses' ? 'Response' : name;
      return { area: 'Parameters and responses', where: `${label} ${trail([kind, ...inner])}` };
    }
    default:
      throw new Error(`x-gap at #/${segments.map(escapePointer).join('/')} is outside any known part of the contract.`);
  }
}

/**
 * Every `x-gap` of a bundled OpenAPI document, grouped by area in AREAS order (the page's order),
 * in document order within an area. A malformed mark (not a
 * non-empty one-line string, or an `x-document-gaps` item without a topic) is an error, never
 * silently dropped, so the count the page shows is the count the contract has.
 */
export function gatherGaps(doc: unknown): Gap[] {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new Error('gatherGaps needs a bundled OpenAPI document (a JSON object).');
  }
  const documentGaps = (doc as Json)['x-document-gaps'];
  if (documentGaps !== undefined && !Array.isArray(documentGaps)) {
    throw new Error('x-document-gaps must be a list of { topic, x-gap } items.');
  }
  const gaps: Gap[] = [];
  const visit = (node: unknown, segments: string[]): void => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => visit(child, [...segments, String(i)]));
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const obj = node as Json;
    const pointer = segments.length ? `#/${segments.map(escapePointer).join('/')}` : '#';
    if (segments[0] === 'x-document-gaps' && segments.length === 2) {
      if (typeof obj.topic !== 'string' || !obj.topic.trim() || !('x-gap' in obj)) {
        throw new Error(`${pointer}: an x-document-gaps item needs a topic and an x-gap.`);
      }
    }
    if ('x-gap' in obj) {
      const text = obj['x-gap'];
      if (typeof text !== 'string' || !text.trim() || /\n/.test(text.trim())) {
        throw new Error(`${pointer}/x-gap must be a one-line sentence, got ${JSON.stringify(text)}.`);
      }
      gaps.push({ pointer, ...locate(segments, obj), text: text.trim() });
    }
    for (const [key, child] of Object.entries(obj)) {
      if (key !== 'x-gap') visit(child, [...segments, key]);
    }
  };
  visit(doc, []);
  return AREAS.flatMap((area) => gaps.filter((g) => g.area === area));
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The "Open questions" section (Markdown): one table row per gap, grouped by area. */
export function openQuestionsMarkdown(gaps: Gap[]): string {
  const lines = [
    `# ${OPEN_QUESTIONS_HEADING}`,
    '',
    `The specification leaves **${gaps.length}** facts open. Each one is an \`x-gap\` mark in the`,
    'contract, and this list is gathered from them by `scripts/gaps.ts` when the site is built, so',
    'it always matches the contract. The schemas stay open at these spots: nothing is invented, and',
    'the local mock says which open behaviour it chose in an `X-Mock-Gap` response header.',
  ];
  let n = 0;
  for (const area of AREAS) {
    const inArea = gaps.filter((g) => g.area === area);
    if (inArea.length === 0) continue;
    lines.push('', `## ${area}`, '', '| # | What is open, and where |', '|---|---|');
    for (const gap of inArea) {
      n += 1;
      lines.push(`| ${n} | **${cell(gap.where)}**: ${cell(gap.text)}<br>\`${cell(gap.pointer)}\` |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A copy of the bundled document whose `info.description` ends with the Open questions section. */
export function withOpenQuestions<T extends object>(doc: T): T {
  const copy = structuredClone(doc) as Json;
  const info = copy.info as Json | undefined;
  if (!info) throw new Error('The contract has no info object to hold the Open questions section.');
  const description = typeof info.description === 'string' ? info.description.trimEnd() : '';
  info.description = `${description}\n\n${openQuestionsMarkdown(gatherGaps(doc))}`;
  return copy as T;
}
