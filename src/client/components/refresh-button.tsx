/** "Refresh" for a list that also updates live: refetches `query`, its icon turning until the answer is in. */
import { useLingui } from "@lingui/react/macro";
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { cn } from "@/client/lib/utils";
import { Button } from "./ui/button";

export function RefreshButton({ query }: { query: { refetch: () => Promise<unknown> } }) {
  const { t } = useLingui();
  const [refreshing, setRefreshing] = useState(false);
  async function refresh() {
    setRefreshing(true);
    await query.refetch();
    setRefreshing(false);
  }
  return (
    <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={refreshing}>
      <RefreshCw aria-hidden className={cn(refreshing && "animate-spin motion-reduce:animate-none")} />
      {refreshing ? t`Refreshing…` : t`Refresh`}
    </Button>
  );
}
