export const PRERENDERED_ROUTES: Record<string, string>;
export const PRERENDERED_LOCALES: Record<string, string>;
export function prerender(clientDir: string, serverDir: string): Promise<void>;
