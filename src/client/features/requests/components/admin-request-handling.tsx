/**
 * Who owns the request and how it is going (issue 22, items 1 and 5): the owner's select, the time to the
 * team's first reply and the time to Delivered or Failed ("Not yet" while open).
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { UserCheck } from "lucide-react";
import { AsyncView, ListSkeleton } from "@/client/components/async-view";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { requestsAdminQueries } from "../admin-api";
import { AssigneeSelect } from "./admin-assignee";
import { formatDuration } from "./dashboard-format";

export function HandlingCard({ request }: { request: { id: string; title: string } }) {
  const { t } = useLingui();
  const query = useQuery(requestsAdminQueries.handling(request.id));
  return (
    <Card>
      <CardHeading icon={UserCheck} title={t`Owner`} />
      <CardContent>
        <AsyncView
          query={query}
          loading={<ListSkeleton label={t`Loading the owner`} items={["h-8 w-2/3", "h-10"]} />}
          errorFallback={t`Failed to load the owner`}
        >
          {(data) => (
            <div className="flex flex-col gap-4 text-sm">
              <AssigneeSelect request={{ ...request, assignee: data.assignee }} className="h-9 w-full text-sm" />
              <dl className="grid grid-cols-2 gap-4 border-t border-stone pt-4">
                <div>
                  <dt className="eyebrow text-ink-muted">{t`First reply`}</dt>
                  <dd className="tabular mt-1.5">
                    {data.firstReplyMinutes === null ? t`Not yet` : formatDuration(data.firstReplyMinutes)}
                  </dd>
                </div>
                <div>
                  <dt className="eyebrow text-ink-muted">{t`Resolution`}</dt>
                  <dd className="tabular mt-1.5">
                    {data.resolutionMinutes === null ? t`Not yet` : formatDuration(data.resolutionMinutes)}
                  </dd>
                </div>
              </dl>
            </div>
          )}
        </AsyncView>
      </CardContent>
    </Card>
  );
}
