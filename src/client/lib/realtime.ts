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
    // A membership change, or a change to the account's sessions or role: who the viewer is, again.
    const refreshSession = () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    source.addEventListener("subscription", refreshSession);
    source.addEventListener("session", refreshSession);
    // The server closes a stream whose session ended; the page then learns it is signed out.
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) refreshSession();
    });
    return () => source.close();
  }, [userId, queryClient]);
}
