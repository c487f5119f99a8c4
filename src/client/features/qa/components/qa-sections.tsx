/**
 * The QA tools' three sections: demo data (seed, remove), a fake request, and a test notification. Each button
 * shows its work while it runs; failures toast the server's own words (spec section 8).
 */
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowRight, BellRing, Database, FilePlus2, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { toastFailure, toastOutcome } from "@/client/lib/toasts";
import { formatCount } from "@/shared/format";
import {
  type QaStatus,
  useCreateFakeRequest,
  useRemoveDemoData,
  useSeedDemoData,
  useSendTestNotification,
} from "../api";

const COUNT_LABELS = { clients: msg`Clients`, requests: msg`Requests` };

export function DemoDataSection({ status }: { status: QaStatus }) {
  const { t, i18n } = useLingui();
  const seed = useSeedDemoData();
  const remove = useRemoveDemoData();
  const { clients, requests } = status.seeded;
  const busy = seed.isPending || remove.isPending;

  const onSeed = () =>
    seed.mutate(undefined, {
      onSuccess: (result) => {
        const clientCount = plural(result.clients, { one: "# client", other: "# clients" });
        const requestCount = plural(result.requests, { one: "# request", other: "# requests" });
        const messageCount = plural(result.messages, { one: "# message", other: "# messages" });
        toast.success(t`Demo data seeded: ${clientCount}, ${requestCount}, ${messageCount}`);
      },
      onError: (error) => toastFailure(error),
    });

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: (result) => {
        const clientCount = plural(result.clients, { one: "# client", other: "# clients" });
        const requestCount = plural(result.requests, { one: "# request", other: "# requests" });
        toast.success(t`Demo data removed: ${clientCount}, ${requestCount}`);
      },
      onError: (error) => toastFailure(error),
    });

  return (
    <Card>
      <SectionHeading
        icon={Database}
        title={t`Demo data`}
        description={t`Demo clients with requests in every status, messages, sales inquiries and concierge chats.`}
      />
      <CardContent className="flex flex-col gap-5">
        <dl className="grid grid-cols-2 gap-4 sm:max-w-sm">
          {[
            { label: COUNT_LABELS.clients, value: clients },
            { label: COUNT_LABELS.requests, value: requests },
          ].map((item) => (
            <div key={item.label.id} className="rounded-md border border-stone px-4 py-3">
              <dt className="eyebrow text-ink-muted">{i18n._(item.label)}</dt>
              <dd className="tabular mt-1 font-serif text-3xl leading-none">{formatCount(item.value)}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-3">
          <Button onClick={onSeed} disabled={busy}>
            {seed.isPending ? t`Seeding…` : t`Seed demo data`}
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="outline" disabled={busy || (clients === 0 && requests === 0)}>
                {remove.isPending ? t`Removing…` : t`Remove demo data`}
              </Button>
            }
            title={t`Remove demo data?`}
            description={t`The ${plural(clients, { one: "# demo client", other: "# demo clients" })} and everything of theirs are deleted, with the ${plural(requests, { one: "# demo or fake request", other: "# demo or fake requests" })} and their messages. Real members' accounts stay.`}
            confirmLabel={t`Remove demo data`}
            destructive
            onConfirm={onRemove}
          />
        </div>
      </CardContent>
    </Card>
  );
}

export function FakeRequestSection() {
  const { t } = useLingui();
  const create = useCreateFakeRequest();
  const created = create.data;

  const onCreate = () =>
    create.mutate(undefined, {
      onSuccess: (result) => toast.success(t`Fake request created for ${result.client}`),
      onError: (error) => toastFailure(error),
    });

  return (
    <Card>
      <SectionHeading
        icon={FilePlus2}
        title={t`Fake request`}
        description={t`A New request from the newest client, announced to the team like a real one.`}
      />
      <CardContent>
        <div>
          <Button onClick={onCreate} disabled={create.isPending}>
            {create.isPending ? t`Creating…` : t`Create fake request`}
          </Button>
        </div>
        <div role="status">
          {created && (
            <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-gold/50 bg-ivory-deep/60 px-4 py-3 text-sm">
              <span>
                <Trans>
                  Created <span className="font-medium">{created.title}</span> for {created.client}.
                </Trans>
              </span>
              <Link
                to={`/admin/requests/${encodeURIComponent(created.id)}`}
                className="inline-flex items-center gap-1 font-medium underline decoration-gold underline-offset-4 hover:decoration-2"
              >
                {t`Open request`} <ArrowRight aria-hidden className="size-3.5" />
              </Link>
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

export function NotificationSection() {
  const { t } = useLingui();
  const send = useSendTestNotification();

  const onSend = () => send.mutate(undefined, toastOutcome(t`Test notification sent`));

  return (
    <Card>
      <SectionHeading
        icon={BellRing}
        title={t`Notifications`}
        description={t`Sends you a test notification about the latest request, through your own channels.`}
      />
      <CardContent>
        <Button onClick={onSend} disabled={send.isPending}>
          {send.isPending ? t`Sending…` : t`Send test notification`}
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
