import { lazy, Suspense, useEffect, useState } from "react";

const Toaster = lazy(() => import("./sonner").then((m) => ({ default: m.Toaster })));

const INTERACTIONS = ["pointerdown", "keydown", "touchstart"] as const;
/** How long after the load event the viewport waits before claiming an idle moment. */
const AFTER_LOAD_MS = 2000;

/**
 * Mounts the toast viewport without putting sonner on the critical path: it loads on the first interaction, or,
 * when `atIdle` (a signed-in visitor, whom the app may tell things unasked), in an idle moment a little after the
 * load event, whichever comes first. An anonymous reader who only reads downloads none of it (decision 042).
 * sonner replays toasts raised before its viewport subscribed, so nothing is lost in between.
 */
export function DeferredToaster({ atIdle }: { atIdle: boolean }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const mount = () => setReady(true);
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const scheduleIdle = () => {
      timer = setTimeout(() => {
        if ("requestIdleCallback" in window) idle = window.requestIdleCallback(mount, { timeout: 2000 });
        else mount();
      }, AFTER_LOAD_MS);
    };
    if (atIdle && document.readyState === "complete") scheduleIdle();
    else if (atIdle) window.addEventListener("load", scheduleIdle, { once: true });
    for (const type of INTERACTIONS) window.addEventListener(type, mount, { once: true, passive: true, capture: true });
    return () => {
      window.removeEventListener("load", scheduleIdle);
      for (const type of INTERACTIONS) window.removeEventListener(type, mount, { capture: true });
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, atIdle]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
