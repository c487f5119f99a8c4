import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { sessionQueryKey, useSession } from "@/client/features/auth/session";

/** Listens to the server's event stream while signed in and refetches what changed. */
export function useRealtime() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id;
  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    source.addEventListener("subscription", () => {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    });
    return () => source.close();
  }, [userId, queryClient]);
}
