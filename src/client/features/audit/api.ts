/**
 * The audit log's calls (auditAdminApi, decision 050): a page of rows, newest first, for the filters in the URL.
 * Query keys are under "audit"; types come from src/shared/contracts/audit.ts.
 */
import { endpointsOf } from "@/client/lib/endpoints";
import type { AuditAction, auditAdminApi, auditRowSchema } from "@/shared/contracts/audit";
import type { Wire } from "@/shared/contracts/common";

const audit = endpointsOf<typeof auditAdminApi>("audit");

export type AuditRow = Wire<typeof auditRowSchema>;
export interface AuditFilters {
  actor?: string;
  action?: AuditAction;
  targetKind?: string;
  targetId?: string;
  before?: number;
}

export const auditQueries = {
  all: audit.all,
  page: (filters: AuditFilters) =>
    audit.query("GET /admin/audit", { query: filters }, { placeholderData: (previous) => previous }),
};
