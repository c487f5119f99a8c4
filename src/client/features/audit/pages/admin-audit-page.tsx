/**
 * /admin/audit (decision 050): the audit log for admins, dense. Newest first; filters for who (email), what (the
 * action) and on what (kind and id) live in the URL, so a filtered view can be shared and reloaded; a page of 50
 * at a time, "Older" and "Newest" moving by row number (keyset). Each row says who, what, when, on what, and the
 * change as before → after, field by field. Keyboard: the filters are a form (Enter applies), and every control
 * is a native button, link or input.
 */
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { AdminPage } from "@/client/components/admin-page";
import { AsyncView, EmptyState } from "@/client/components/async-view";
import { DataTable, dataTableColumns } from "@/client/components/data-table";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import type { MessageDescriptor } from "@/client/lib/i18n";
import { AUDIT_ACTIONS, type AuditAction } from "@/shared/contracts/audit";
import { formatMessageTime } from "@/shared/format";
import { type AuditFilters, type AuditRow, auditQueries } from "../api";

const ACTION_LABELS: Record<AuditAction, MessageDescriptor> = {
  "auth.sign_in": msg`Staff sign-in`,
  "quote.send": msg`Quote sent`,
  "hold.authorise": msg`Hold authorised`,
  "hold.capture": msg`Hold captured`,
  "hold.release": msg`Hold released`,
  "hold.request_reauthorization": msg`New authorisation asked`,
  "balance.send": msg`Balance invoice sent`,
  "balance.pay": msg`Balance paid`,
  "balance.void": msg`Balance invoice voided`,
  "refund.create": msg`Refund made`,
  "plan.change": msg`Plan changed`,
  "role.change": msg`Role changed`,
  "settings.security": msg`Security settings`,
  "settings.round_robin": msg`New requests in turn`,
};
const ALL = "all";

const isAction = (value: string | null): value is AuditAction =>
  value !== null && (AUDIT_ACTIONS as readonly string[]).includes(value);

/** A value as the diff shows it: text as is, anything else as compact JSON. */
const shown = (value: unknown) =>
  value === null || value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value);

export default function AdminAuditPage() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {
    actor: params.get("actor") || undefined,
    action: isAction(params.get("action")) ? (params.get("action") as AuditAction) : undefined,
    targetKind: params.get("kind") || undefined,
    targetId: params.get("target") || undefined,
    before: Number(params.get("before")) > 0 ? Number(params.get("before")) : undefined,
  };
  const query = useQuery(auditQueries.page(filters));

  function apply(next: Record<string, string | undefined>) {
    const merged = new URLSearchParams(params);
    for (const [name, value] of Object.entries(next)) {
      if (value) merged.set(name, value);
      else merged.delete(name);
    }
    setParams(merged);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    apply({
      actor: String(form.get("actor") ?? "").trim(),
      kind: String(form.get("kind") ?? "").trim(),
      target: String(form.get("target") ?? "").trim(),
      before: undefined,
    });
  }

  const col = dataTableColumns<AuditRow>();
  const columns = [
    col.accessor("seq", {
      header: () => t`No.`,
      cell: (info) => <span className="font-mono text-xs text-ink-muted">{info.getValue()}</span>,
      meta: { numeric: true },
    }),
    col.accessor("at", {
      header: () => t`When`,
      cell: (info) => <time dateTime={info.getValue()}>{formatMessageTime(info.getValue())}</time>,
      meta: { className: "whitespace-nowrap" },
    }),
    col.display({
      id: "who",
      header: () => t`Who`,
      cell: ({ row }) => <Who row={row.original} />,
    }),
    col.accessor("action", {
      header: () => t`Action`,
      cell: (info) => {
        const action = info.getValue();
        return isAction(action) ? i18n._(ACTION_LABELS[action]) : action;
      },
    }),
    col.display({
      id: "target",
      header: () => t`Target`,
      cell: ({ row }) => (
        <button
          type="button"
          className="cursor-pointer text-left font-mono text-xs underline-offset-4 hover:underline"
          title={t`Show only this target`}
          onClick={() => apply({ kind: row.original.targetKind, target: row.original.targetId, before: undefined })}
        >
          {row.original.targetKind} · {row.original.targetId.slice(0, 8)}
        </button>
      ),
    }),
    col.display({
      id: "change",
      header: () => t`Before → after`,
      cell: ({ row }) => <Change row={row.original} />,
    }),
  ];

  const newest = !filters.before;
  const next = query.data?.next ?? null;

  return (
    <AdminPage
      width="7xl"
      eyebrow={t`Admin`}
      title={t`Audit log`}
      description={t`Every action on money, roles, plans and settings, and every staff sign-in, in a chain that cannot be changed without it showing.`}
    >
      <form
        onSubmit={onSubmit}
        aria-label={t`Filter the audit log`}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_14rem_10rem_1fr_auto] lg:items-end"
      >
        <Field label={t`Who (email)`} htmlFor="audit-actor">
          <Input id="audit-actor" name="actor" type="search" defaultValue={filters.actor ?? ""} key={filters.actor} />
        </Field>
        <Field label={t`Action`} htmlFor="audit-action">
          <Select
            value={filters.action ?? ALL}
            onValueChange={(value) => apply({ action: value === ALL ? undefined : value, before: undefined })}
          >
            <SelectTrigger id="audit-action" className="h-10 text-sm">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t`Every action`}</SelectItem>
              {AUDIT_ACTIONS.map((action) => (
                <SelectItem key={action} value={action}>
                  {i18n._(ACTION_LABELS[action])}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field label={t`Target kind`} htmlFor="audit-kind">
          <Input id="audit-kind" name="kind" defaultValue={filters.targetKind ?? ""} key={filters.targetKind} />
        </Field>
        <Field label={t`Target id`} htmlFor="audit-target">
          <Input id="audit-target" name="target" defaultValue={filters.targetId ?? ""} key={filters.targetId} />
        </Field>
        <div className="flex gap-2">
          <Button type="submit">{t`Filter`}</Button>
          <Button type="button" variant="outline" onClick={() => setParams(new URLSearchParams())}>
            {t`Clear`}
          </Button>
        </div>
      </form>
      <AsyncView
        query={query}
        loading={
          <DataTable
            caption={t`Audit log`}
            columns={columns}
            data={undefined}
            getRowId={(r) => String(r.seq)}
            loading
          />
        }
        errorFallback={t`Failed to load the audit log`}
        isEmpty={(data) => data.rows.length === 0}
        empty={<EmptyState title={t`Nothing recorded`} description={t`No audit entry matches these filters.`} />}
      >
        {(data) => (
          <DataTable caption={t`Audit log`} columns={columns} data={data.rows} getRowId={(row) => String(row.seq)} />
        )}
      </AsyncView>
      <nav aria-label={t`Audit log pages`} className="flex justify-between gap-2">
        <Button variant="outline" disabled={newest} onClick={() => apply({ before: undefined })}>
          {t`Newest`}
        </Button>
        <Button variant="outline" disabled={next === null} onClick={() => apply({ before: String(next) })}>
          {t`Older`}
        </Button>
      </nav>
    </AdminPage>
  );
}

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={htmlFor} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

function Who({ row }: { row: AuditRow }) {
  const { t } = useLingui();
  if (!row.actorId) return <span className="text-ink-muted">{t`The system`}</span>;
  return (
    <span className="flex flex-col">
      <span>{row.actorName ?? row.actorEmail ?? row.actorId}</span>
      <span className="text-xs text-ink-muted">
        {row.actorRole}
        {row.ip ? ` · ${row.ip}` : ""}
      </span>
    </span>
  );
}

/** The fields the action changed, each as before → after. */
function Change({ row }: { row: AuditRow }) {
  const fields = [...new Set([...Object.keys(row.before), ...Object.keys(row.after)])];
  if (!fields.length) return <span className="text-ink-muted">—</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      {fields.map((field) => (
        <div key={field} className="contents">
          <dt className="font-mono text-ink-muted">{field}</dt>
          <dd className="min-w-0 break-words">
            {field in row.before && (
              <del className="bg-red-50 px-1 text-red-900 no-underline decoration-red-900/60 [text-decoration-line:line-through]">
                {shown(row.before[field])}
              </del>
            )}
            {field in row.before && field in row.after && <span aria-hidden> → </span>}
            {field in row.after && (
              <ins className="bg-emerald-50 px-1 text-emerald-900 no-underline">{shown(row.after[field])}</ins>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
