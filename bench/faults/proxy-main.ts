/** The bench's proxy as a process of its own (startProxyProcess): told its upstreams, answers questions over IPC. */
import { startProxy, type Upstream } from "./proxy";

process.once("message", async ({ upstreams }: { upstreams: Upstream[] }) => {
  const proxy = await startProxy(upstreams);
  process.on("message", (message: { id: number; ask: string; name?: string }) => {
    const value =
      message.ask === "inFlight" ? proxy.inFlight(message.name ?? "") : proxy.upstreams.every((u) => u.healthy);
    process.send?.({ id: message.id, value });
  });
  process.on("SIGTERM", () => void proxy.close().finally(() => process.exit(0)));
  // The bench went away without a word (killed): so does its proxy.
  process.on("disconnect", () => process.exit(0));
  process.send?.({ port: proxy.port });
});
