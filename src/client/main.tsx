import "./styles/index.css";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app/app";
import { initialLocale, setActiveLocale } from "./lib/i18n";
import { queryClient } from "./lib/query-client";

const container = document.getElementById("root") as HTMLElement;
// Before the first render: a prerendered page hydrates in the language it was sent in.
setActiveLocale(initialLocale());
const app = <App queryClient={queryClient} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />;

// Public pages arrive prerendered (scripts/prerender.mjs): React takes over the HTML already on screen.
if (container.dataset.prerendered === "true") hydrateRoot(container, app);
else createRoot(container).render(app);

// The installable app's service worker is registered for signed-in visitors only (app/service-worker-for-members.tsx):
// an anonymous first visit downloads neither the worker nor its registration code (decision 042).
