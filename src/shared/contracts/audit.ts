/**
 * The audit log (issue 31 item 6, decision 050): admins browse it, newest first, filtered by who, what and on
 * what, a page at a time (keyset: `before` is the last row's number of the page before).
 */
import { z } from "zod";
import { ROLES } from "../roles";
import { timestamp } from "./common";
import { endpoints } from "./endpoint";

/** Every action the log records, by key. */
export const AUDIT_ACTIONS = [
  "auth.sign_in",
  "quote.send",
  "hold.authorise",
  "hold.capture",
  "hold.release",
  "hold.request_reauthorization",
  "balance.send",
  "balance.pay",
  "balance.void",
  "refund.create",
  "plan.change",
  "role.change",
  "settings.security",
  "settings.round_robin",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_SIZE = 50;

const id = z.string().trim().min(1).max(200);
export const auditQuerySchema = z.object({
  /** The actor's email (exact, any case) or user id. */
  actor: id.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  targetKind: z.string().trim().min(1).max(40).optional(),
  targetId: id.optional(),
  /** Rows before this number (the previous page's last). */
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const auditRowSchema = z.object({
  seq: z.number(),
  at: timestamp,
  actorId: z.string().nullable(),
  /** The actor's name and email today (null for the system, or an account since deleted). */
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorRole: z.enum([...ROLES, "system"]).or(z.string()),
  action: z.string(),
  targetKind: z.string(),
  targetId: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  hash: z.string(),
});
export const auditPageSchema = z.object({
  rows: z.array(auditRowSchema),
  /** The `before` of the next page, or null on the last. */
  next: z.number().nullable(),
});

export const auditAdminApi = endpoints({
  "GET /admin/audit": { access: "admin", query: auditQuerySchema, answer: auditPageSchema },
});
