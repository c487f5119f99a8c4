/**
 * /admin/inbox: the staff's inbox, one tab per kind of message, each with its count. The tabs are the domains'
 * own screens (requests, sales, concierge), composed in app/pages/admin-inbox-route.tsx; the chosen tab is in the
 * URL (`?tab=`), so it can be linked to and survives a reload.
 */
import { useLingui } from "@lingui/react/macro";
import type * as React from "react";
import { useSearchParams } from "react-router";
import { AdminPage } from "@/client/components/admin-page";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { formatBadgeCount } from "@/shared/format";

export interface InboxTab {
  value: string;
  label: string;
  /** Unknown while loading. */
  count?: number;
  content: React.ReactNode;
}

export default function AdminInboxPage({ tabs }: { tabs: InboxTab[] }) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const current = tabs.find((tab) => tab.value === params.get("tab"))?.value ?? tabs[0]?.value;
  return (
    // The admin layout pads every page: no padding of its own, so the inbox lines up with the other pages.
    <AdminPage
      width="7xl"
      eyebrow={t`Messages`}
      title={t`Inbox`}
      description={t`Members' request messages, sales inquiries and Executive Concierge conversations, live.`}
    >
      <Tabs value={current} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList aria-label={t`Inbox`}>
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
              {tab.count !== undefined && (
                <span
                  className="tabular min-w-6 rounded-full bg-noir px-1.5 py-0.5 text-center text-[0.7rem] leading-none font-semibold text-ivory data-[zero=true]:bg-stone data-[zero=true]:text-ink-muted"
                  data-zero={tab.count === 0}
                >
                  {formatBadgeCount(tab.count)}
                </span>
              )}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value} className="pt-6">
            {tab.content}
          </TabsContent>
        ))}
      </Tabs>
    </AdminPage>
  );
}
