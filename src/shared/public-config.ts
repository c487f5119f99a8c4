/** What GET /api/config answers. */
export interface PublicConfig {
  appName: string;
  contactEmail: string;
}
