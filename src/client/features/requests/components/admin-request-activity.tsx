/** The request's history, newest first: what happened, who did it and when. */
import { useQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { AsyncView, ListSkeleton } from "@/client/components/async-view";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { formatEuro, formatMessageTime } from "@/shared/format";
import { type ActivityEntry, pipelineQueries } from "../admin-api";

function detail(entry: ActivityEntry, key: string) {
  const value = entry.details?.[key];
  return typeof value === "string" ? value : null;
}

function describeEntry(entry: ActivityEntry): string {
  switch (entry.action) {
    case "created":
      return "Created the request";
    case "status_changed": {
      const from = detail(entry, "from");
      const to = detail(entry, "to");
      if (from && to) return `Changed the status from ${from} to ${to}`;
      return to ? `Changed the status to ${to}` : "Changed the status";
    }
    case "request_changed": {
      const field = detail(entry, "field");
      if (field === "notes") return "Changed the notes";
      const show = (key: string) => {
        const value = entry.details?.[key];
        if (value === null || value === undefined || value === "") return "none";
        return field === "budget" ? formatEuro(Number(value)) : String(value);
      };
      return field ? `Changed the ${field} from ${show("from")} to ${show("to")}` : "Changed the request";
    }
    case "replied":
      return "Replied to the member";
    case "message":
      return "Sent a message";
    case "attachment_added": {
      const name = detail(entry, "name");
      return name ? `Attached ${name}` : "Added an attachment";
    }
    case "attachment_replaced": {
      const name = detail(entry, "name");
      return name ? `Replaced the attachment with ${name}` : "Replaced the attachment";
    }
    case "assigned": {
      if (entry.details?.turn) return "Assigned in turn";
      const to = detail(entry, "to");
      return to ? `Assigned the request to ${to}` : "Assigned the request";
    }
    case "unassigned":
      return "Unassigned the request";
    default: {
      const text = entry.action.replaceAll("_", " ");
      return text.charAt(0).toUpperCase() + text.slice(1);
    }
  }
}

export function ActivityCard({ requestId }: { requestId: string }) {
  const query = useQuery(pipelineQueries.activity(requestId));
  return (
    <Card>
      <CardHeading icon={History} title="Activity" />
      <CardContent>
        <AsyncView
          query={query}
          loading={<ListSkeleton label="Loading activity" items={["h-10", "h-10", "h-10"]} />}
          errorFallback="Failed to load activity"
          isEmpty={(data) => data.items.length === 0}
          empty={<p className="text-sm text-ink-muted">No activity yet.</p>}
        >
          {(data) => (
            <ol aria-label="Activity" className="flex flex-col">
              {[...data.items].reverse().map((entry, index, items) => (
                <li key={entry.id} className="relative flex gap-3 pb-4 last:pb-0">
                  {index < items.length - 1 && (
                    <span aria-hidden className="absolute top-3 bottom-0 left-[0.28rem] w-px bg-stone" />
                  )}
                  <span
                    aria-hidden
                    className="relative mt-1.5 size-2.5 shrink-0 rounded-full border-2 border-gold bg-card"
                  />
                  <div className="min-w-0 text-sm">
                    <p className="break-words">{describeEntry(entry)}</p>
                    <p className="mt-0.5 text-xs text-ink-muted">
                      <span>{entry.actor ?? "System"}</span>
                      {" · "}
                      <time dateTime={String(entry.createdAt)} className="tabular">
                        {formatMessageTime(entry.createdAt)}
                      </time>
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </AsyncView>
      </CardContent>
    </Card>
  );
}
