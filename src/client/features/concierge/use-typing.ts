/**
 * The live "typing…" of the concierge chat, both ways: a short POST while one side types (at most every 3 s),
 * delivered to the other side as a "concierge-typing" event whose `subject` is the member's id. Nothing is stored.
 * The signal arrives through the app's one shared stream (lib/realtime.ts, `onRealtimeEvent`).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { onRealtimeEvent } from "@/client/lib/realtime";
import { sendTyping } from "./api";

/** How long "typing…" stays after the last signal. */
export const TYPING_VISIBLE_MS = 4000;
/** At most one signal this often while typing. */
export const TYPING_THROTTLE_MS = 3000;

/**
 * `signal` on every keystroke tells the other side, throttled; `reset` after sending, so typing the next
 * message is told at once.
 */
export function useTypingSignal(memberId?: string) {
  const last = useRef(0);
  const signal = useCallback(() => {
    const now = Date.now();
    if (now - last.current < TYPING_THROTTLE_MS) return;
    last.current = now;
    void sendTyping(memberId).catch(() => undefined);
  }, [memberId]);
  const reset = useCallback(() => {
    last.current = 0;
  }, []);
  return { signal, reset };
}

/**
 * Whether the other side is typing: true for 4 s after a signal about `subject` ("any": the member's own view,
 * where every signal it receives is staff's). `reset` changes (a new message arrived) hide it at once.
 */
export function useTypingIndicator(subject: string | null, reset?: unknown) {
  const [until, setUntil] = useState(0);
  const [, setTick] = useState(0);

  useEffect(() => {
    if (!subject) return;
    return onRealtimeEvent("concierge-typing", (event) => {
      if (subject === "any" || event.subject === subject) setUntil(Date.now() + TYPING_VISIBLE_MS);
    });
  }, [subject]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message ends the other side's typing
  useEffect(() => setUntil(0), [reset, subject]);

  useEffect(() => {
    if (!until) return;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.max(0, until - Date.now()) + 20);
    return () => clearTimeout(timer);
  }, [until]);

  return until > Date.now();
}
