/**
 * "Assign new requests to me in turn" (issue 22, item 1): the staff member's own round-robin setting, on
 * /admin/settings (composed there by app/). New requests go to those who opted in, least recently given first.
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Shuffle } from "lucide-react";
import { useId } from "react";
import { toast } from "sonner";
import { AsyncView, ListSkeleton } from "@/client/components/async-view";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { Switch } from "@/client/components/ui/switch";
import { sharedText } from "@/client/lib/api";
import { NOTICES } from "@/shared/messages";
import { requestsAdminQueries, useSetRoundRobin } from "../admin-api";

export function RoundRobinCard() {
  const { t } = useLingui();
  const query = useQuery(requestsAdminQueries.roundRobin());
  const set = useSetRoundRobin();
  const id = useId();
  function onCheckedChange(enabled: boolean) {
    if (set.isPending) return;
    set.mutate(enabled, {
      onSuccess: () => toast.success(sharedText(NOTICES.preferenceUpdated)),
      onError: () => toast.error(sharedText(NOTICES.preferenceFailed)),
    });
  }
  return (
    <Card>
      <CardHeading icon={Shuffle} title={t`Assignment`} />
      <CardContent>
        <AsyncView
          query={query}
          loading={<ListSkeleton label={t`Loading the assignment setting`} items={["h-12"]} />}
          errorFallback={t`Failed to load the assignment setting`}
        >
          {(data) => (
            <div className="flex items-start justify-between gap-6 border-y border-stone py-4">
              <div className="flex min-w-0 flex-col gap-1">
                <Label htmlFor={id} className="text-sm">
                  {t`Assign new requests to me in turn`}
                </Label>
                <p id={`${id}-description`} className="text-sm text-ink-muted">
                  {t`New requests go to the staff who opt in, one after another, the longest waiting first.`}
                </p>
              </div>
              <Switch
                id={id}
                checked={set.isPending ? Boolean(set.variables) : data.enabled}
                onCheckedChange={onCheckedChange}
                aria-describedby={`${id}-description`}
                aria-busy={set.isPending || undefined}
                className="mt-0.5"
              />
            </div>
          )}
        </AsyncView>
      </CardContent>
    </Card>
  );
}
