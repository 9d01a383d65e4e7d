import { fileURLToPath } from 'node:url';

/**
 * Command line that runs a TypeScript entry in one plain node process (tsx as a loader, not the tsx
 * CLI, which would add a parent process and hide the server's own memory).
 */
export function tsEntry(file: string | URL): { command: string; args: string[] } {
  const path = file instanceof URL ? fileURLToPath(file) : file;
  return { command: process.execPath, args: ['--import', 'tsx', path] };
}
