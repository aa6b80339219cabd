export type ExposesMap = Record<string, string>;
export function remoteExposes(): Promise<ExposesMap>;
export function contractSource(exposes: ExposesMap, contractDir: string, remoteDir: string): string;
export function typecheckRemote(
  remoteDir: string,
  exposes?: ExposesMap,
): Promise<{ ok: boolean; output: string }>;
