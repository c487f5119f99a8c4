/**
 * Who owns a request (issue 22, item 1): a compact select of the staff, with "Unassigned", used on the
 * pipeline's rows and cards and on the request's page. Assigning says so in a toast; the list refreshes live.
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import type * as React from "react";
import { toast } from "sonner";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { cn } from "@/client/lib/utils";
import { type Assignee, requestsAdminQueries, useAssignRequest } from "../admin-api";

const NOBODY = "none";

export function AssigneeSelect({
  request,
  className,
  short = false,
}: {
  request: { id: string; title: string; assignee: Assignee | null };
  className?: string;
  /** In a dense row: the owner's first name only (the list shows full names). */
  short?: boolean;
}) {
  const { t } = useLingui();
  const staff = useQuery(requestsAdminQueries.assignees());
  const assign = useAssignRequest();
  const current = request.assignee;
  // The current owner stays a choice even before the list has loaded (or after they left the team).
  const choices = [...(staff.data?.items ?? [])];
  if (current && !choices.some((s) => s.id === current.id)) choices.unshift(current);

  async function change(value: string) {
    const userId = value === NOBODY ? null : value;
    if (userId === (current?.id ?? null)) return;
    try {
      const result = await assign.mutateAsync({ id: request.id, userId });
      const name = result.assignee?.name;
      toast.success(name ? t`Assigned to ${name}` : t`Unassigned`);
    } catch {
      toast.error(t`Failed to assign`);
    }
  }
  // Inside a row that opens the request: a click or a key here stays here.
  const stop = (event: React.SyntheticEvent) => event.stopPropagation();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the row's link from the select's events
    <span onClick={stop} onKeyDown={stop} className="inline-flex">
      <Select value={current?.id ?? NOBODY} onValueChange={(value) => void change(value)} disabled={assign.isPending}>
        <SelectTrigger
          aria-label={t`Owner of ${request.title}`}
          className={cn("h-8 w-36 text-xs", !current && "text-ink-muted", className)}
        >
          <SelectValue>{current ? (short ? current.name.split(" ")[0] : current.name) : t`Unassigned`}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NOBODY}>{t`Unassigned`}</SelectItem>
          {choices.map((s) => (
            <SelectItem key={s.id} value={s.id}>
              {s.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </span>
  );
}
