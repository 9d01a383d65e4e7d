// Which credential an operation takes, read from the contract's security requirements.
import { contractDocument, contractNode } from './contract-document.ts';
import { escapePointer } from '../../common/src/index.ts';

export interface Credentials {
  apiKey?: string | undefined;
  accessToken?: string | undefined;
}

type CredentialName = keyof Credentials;

interface SchemeUse {
  credential: CredentialName;
  header: (secret: string) => { name: string; value: string };
}

/** How the client fills a security scheme of the contract. */
function useOf(schemeName: string): SchemeUse {
  const scheme = contractNode(`#/components/securitySchemes/${escapePointer(schemeName)}`);
  if (scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string') {
    const name = scheme.name;
    return { credential: 'apiKey', header: (secret) => ({ name, value: secret }) };
  }
  if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer') {
    return { credential: 'accessToken', header: (secret) => ({ name: 'Authorization', value: `Bearer ${secret}` }) };
  }
  throw new Error(`Security scheme ${schemeName} of the contract is not one the client can send.`);
}

/** The scheme names of each alternative requirement of an operation (operation level, else document level). */
function requirementsOf(method: string, schemaPath: string): string[][] {
  const operation = contractNode(`#/paths/${escapePointer(schemaPath)}/${method.toLowerCase()}`);
  const security = operation.security ?? contractDocument.security ?? [];
  if (!Array.isArray(security)) throw new Error(`security of ${method} ${schemaPath} is not a list in the contract.`);
  return security.map((requirement: Record<string, unknown>) => Object.keys(requirement));
}

export type AuthDecision =
  | { kind: 'header'; name: string; value: string }
  | { kind: 'none' }
  | { kind: 'missing'; needs: CredentialName[] };

/**
 * The first requirement of the operation that the credentials satisfy. Requirements naming
 * several schemes at once are skipped: this contract has none, and one header cannot carry two.
 */
export function authFor(method: string, schemaPath: string, credentials: Credentials): AuthDecision {
  const needs: CredentialName[] = [];
  for (const schemes of requirementsOf(method, schemaPath)) {
    if (schemes.length === 0) return { kind: 'none' };
    if (schemes.length > 1) continue;
    const use = useOf(schemes[0] as string);
    const secret = credentials[use.credential];
    if (secret) return { kind: 'header', ...use.header(secret) };
    needs.push(use.credential);
  }
  return { kind: 'missing', needs };
}
