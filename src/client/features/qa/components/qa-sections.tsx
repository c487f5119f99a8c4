/**
 * The QA tools' three sections: demo data (seed, remove), a fake request, and a test notification. Each button
 * shows its work while it runs; failures toast the server's own words (spec section 8).
 */
import { ArrowRight, BellRing, Database, FilePlus2, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { errorMessage } from "@/client/lib/api";
import { formatCount, plural } from "@/shared/format";
import {
  type QaStatus,
  useCreateFakeRequest,
  useRemoveDemoData,
  useSeedDemoData,
  useSendTestNotification,
} from "../api";

export function DemoDataSection({ status }: { status: QaStatus }) {
  const seed = useSeedDemoData();
  const remove = useRemoveDemoData();
  const { clients, requests } = status.seeded;
  const busy = seed.isPending || remove.isPending;

  const onSeed = () =>
    seed.mutate(undefined, {
      onSuccess: (result) =>
        toast.success(
          `Demo data seeded: ${plural(result.clients, "client")}, ${plural(result.requests, "request")}, ${plural(result.messages, "message")}`,
        ),
      onError: (error) => toast.error(errorMessage(error)),
    });

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: (result) =>
        toast.success(`Demo data removed: ${plural(result.clients, "client")}, ${plural(result.requests, "request")}`),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <Card>
      <SectionHeading
        icon={Database}
        title="Demo data"
        description="Demo clients with requests in every status, messages, sales inquiries and concierge chats."
      />
      <CardContent className="flex flex-col gap-5">
        <dl className="grid grid-cols-2 gap-4 sm:max-w-sm">
          {[
            { label: "Clients", value: clients },
            { label: "Requests", value: requests },
          ].map((item) => (
            <div key={item.label} className="rounded-md border border-stone px-4 py-3">
              <dt className="eyebrow text-ink-muted">{item.label}</dt>
              <dd className="tabular mt-1 font-serif text-3xl leading-none">{formatCount(item.value)}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-3">
          <Button onClick={onSeed} disabled={busy}>
            {seed.isPending ? "Seeding…" : "Seed demo data"}
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="outline" disabled={busy || (clients === 0 && requests === 0)}>
                {remove.isPending ? "Removing…" : "Remove demo data"}
              </Button>
            }
            title="Remove demo data?"
            description={`The ${plural(clients, "demo client")} and everything of theirs are deleted, with the ${plural(requests, "demo or fake request")} and their messages. Real members' accounts stay.`}
            confirmLabel="Remove demo data"
            destructive
            onConfirm={onRemove}
          />
        </div>
      </CardContent>
    </Card>
  );
}

export function FakeRequestSection() {
  const create = useCreateFakeRequest();
  const created = create.data;

  const onCreate = () =>
    create.mutate(undefined, {
      onSuccess: (result) => toast.success(`Fake request created for ${result.client}`),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <Card>
      <SectionHeading
        icon={FilePlus2}
        title="Fake request"
        description="A New request from the newest client, announced to the team like a real one."
      />
      <CardContent>
        <div>
          <Button onClick={onCreate} disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create fake request"}
          </Button>
        </div>
        <div role="status">
          {created && (
            <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-gold/50 bg-ivory-deep/60 px-4 py-3 text-sm">
              <span>
                Created <span className="font-medium">{created.title}</span> for {created.client}.
              </span>
              <Link
                to={`/admin/requests/${encodeURIComponent(created.id)}`}
                className="inline-flex items-center gap-1 font-medium underline decoration-gold underline-offset-4 hover:decoration-2"
              >
                Open request <ArrowRight aria-hidden className="size-3.5" />
              </Link>
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

export function NotificationSection() {
  const send = useSendTestNotification();

  const onSend = () =>
    send.mutate(undefined, {
      onSuccess: () => toast.success("Test notification sent"),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <Card>
      <SectionHeading
        icon={BellRing}
        title="Notifications"
        description="Sends you a test notification about the latest request, through your own channels."
      />
      <CardContent>
        <Button onClick={onSend} disabled={send.isPending}>
          {send.isPending ? "Sending…" : "Send test notification"}
        </Button>
      </CardContent>
    </Card>
  );
}

/** CardHeading's look, one level up: these sections sit right under the page's h1. */
function SectionHeading({ icon: Icon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  return (
    <CardHeader>
      <h2 className="flex items-center gap-3 text-2xl leading-tight">
        <Icon aria-hidden className="size-5 text-gold-deep" strokeWidth={1.5} /> {title}
      </h2>
      <CardDescription>{description}</CardDescription>
    </CardHeader>
  );
}
