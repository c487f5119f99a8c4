/**
 * The members' one channel, on /profile (composed there by app/): email about their requests' status changes and
 * the team's replies. Slack and SMS are the staff's.
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { AsyncView, ListSkeleton } from "@/client/components/async-view";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { notificationQueries } from "../api";
import { PreferenceSwitch } from "./preference-switch";

export function EmailNotificationSwitch() {
  const { t } = useLingui();
  const query = useQuery(notificationQueries.preferences());
  return (
    <Card>
      <CardHeading title={t`Notifications`} description={t`What we tell you by email, besides what you see here.`} />
      <CardContent>
        <AsyncView
          query={query}
          loading={<ListSkeleton label={t`Loading notification preferences`} items={["h-12"]} />}
          errorFallback={t`Failed to load notification preferences`}
        >
          {(preferences) => (
            <PreferenceSwitch
              channel="email"
              label={t`Email notifications`}
              description={t`When a request's status changes or our team replies to you.`}
              checked={preferences.email}
              className="py-0"
            />
          )}
        </AsyncView>
      </CardContent>
    </Card>
  );
}
