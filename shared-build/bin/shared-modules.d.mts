export interface SharedSingleton {
  request: string;
  atStart?: boolean;
}
export function sharedSingletonList(): SharedSingleton[];
export function sharedModuleFiles(shellDir: string): Record<string, string>;
export function writeSharedModules(shellDir: string): string[];
