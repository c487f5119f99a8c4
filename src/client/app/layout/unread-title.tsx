import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { requestQueries } from "@/client/features/requests/api";
import { setTitleCount } from "@/client/lib/use-document-title";

/** Puts the signed-in viewer's unread count in the tab's title, e.g. "(3) Maison", live with the badge. */
export function UnreadTitle() {
  const unread = useQuery(requestQueries.unread()).data?.unread ?? 0;
  useEffect(() => {
    setTitleCount(unread);
    return () => setTitleCount(0);
  }, [unread]);
  return null;
}
