import "./styles/index.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { router } from "./app/router";
import { queryClient } from "./lib/query-client";

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster
        position="top-center"
        toastOptions={{
          classNames: {
            toast: "!rounded-md !border !border-stone !bg-ivory !text-noir !font-sans !shadow-lg",
            error: "!border-oxblood/40 !text-oxblood",
            success: "!border-forest/30",
          },
        }}
      />
    </QueryClientProvider>
  </StrictMode>,
);
