import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSession } from "./session";

/**
 * Keeps the server's event stream open while signed in. `connect` loads the stream's code and opens it
 * (app/use-app-realtime.ts, with ./realtime.ts), so none of it is in the first load of a signed-out visit.
 */
export function useRealtime(connect: (queryClient: QueryClient) => Promise<() => void>) {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id;
  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    const opening = connect(queryClient);
    return () => void opening.then((close) => close());
  }, [userId, queryClient, connect]);
}
