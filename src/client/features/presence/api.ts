/**
 * Presence (issue 31 item 4, decision 051), the client's side: a staff page's heartbeat in a conversation, who
 * else is there and who is typing (`useConversationPresence`, composed into the staff pages by app/), and the
 * members' "Concierge team online" (`useTeamOnline`). Everything arrives over the app's one event stream
 * (topic "presence" refetches); the queries also re-read on a timer, as heartbeats expire silently.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import type { ConversationPresence } from "@/client/components/presence";
import { endpointsOf } from "@/client/lib/endpoints";
import type { RealtimeRefresh } from "@/client/lib/realtime";
import type { presenceAdminApi, presenceApi } from "@/shared/contracts/presence";
import { PRESENCE_BEAT_MS, PRESENCE_TYPING_MS } from "@/shared/contracts/presence";

const member = endpointsOf<typeof presenceApi>("presence");
const staff = endpointsOf<typeof presenceAdminApi>("presence");

/** At most one typing signal this often while typing. */
const TYPING_SIGNAL_MS = 3_000;

export const presenceQueries = {
  all: member.all,
  /** Who has the conversation open and who is typing (re-read every few seconds: heartbeats expire). */
  place: (place: string) =>
    staff.query("GET /admin/presence", { query: { place } }, { refetchInterval: PRESENCE_TYPING_MS / 2 }),
  /** Whether the concierge team is online (re-read every minute). */
  team: () => member.query("GET /presence/team", undefined, { refetchInterval: 60_000 }),
};

export const presenceRealtime: RealtimeRefresh = { presence: [presenceQueries.all] };

const beat = (body: { place: string; typing?: boolean; leaving?: boolean }) =>
  staff.call("POST /admin/presence", { body }).catch(() => undefined);

/**
 * The viewer's presence in a conversation while the page shows it (null: none): a heartbeat now and every
 * PRESENCE_BEAT_MS while the tab is visible, gone when it closes; the others in it, live.
 */
export function useConversationPresence(place: string | null): ConversationPresence {
  const queryClient = useQueryClient();
  const query = useQuery({ ...presenceQueries.place(place ?? ""), enabled: Boolean(place) });
  const lastTyping = useRef(0);

  useEffect(() => {
    if (!place) return;
    const send = () => {
      if (document.visibilityState === "visible") {
        void beat({ place }).then(() => queryClient.invalidateQueries({ queryKey: presenceQueries.all }));
      }
    };
    send();
    const timer = setInterval(send, PRESENCE_BEAT_MS);
    document.addEventListener("visibilitychange", send);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", send);
      void beat({ place, leaving: true });
    };
  }, [place, queryClient]);

  const onType = useCallback(() => {
    if (!place) return;
    const now = Date.now();
    if (now - lastTyping.current < TYPING_SIGNAL_MS) return;
    lastTyping.current = now;
    void beat({ place, typing: true });
  }, [place]);

  const onSent = useCallback(() => {
    if (!place) return;
    lastTyping.current = 0;
    void beat({ place, typing: false });
  }, [place]);

  const people = query.data?.people;
  const others = useMemo(
    () => (people ?? []).filter((p) => !p.self).map(({ id, name, typing }) => ({ id, name, typing })),
    [people],
  );
  return useMemo(() => ({ others, onType, onSent }), [others, onType, onSent]);
}

/** Whether a staff member was active in the last five minutes (members' "Concierge team online"). */
export function useTeamOnline(): boolean {
  const query = useQuery(presenceQueries.team());
  return query.data?.online ?? false;
}
