/**
 * The "components" test project (decision 015): the client's building blocks rendered in jsdom with Testing
 * Library. Each test starts from an empty document, and jsdom gets the few browser APIs it lacks that Radix's
 * popovers (Select) and sonner's toasts touch; none of them changes what a test can observe.
 */
import { cleanup } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, vi } from "vitest";

afterEach(() => {
  cleanup();
  // sonner keeps its toasts in a module-wide store, and replays the active ones to the next Toaster mounted: with
  // one module graph per worker, a toast from another file's test would show up again.
  toast.dismiss();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

if (!("ResizeObserver" in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
const element = Element.prototype as Element & Record<string, unknown>;
element.scrollIntoView ??= () => {};
element.hasPointerCapture ??= () => false;
element.setPointerCapture ??= () => {};
element.releasePointerCapture ??= () => {};
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
