import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Monitor, Smartphone, Tablet } from "lucide-react";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { toast } from "sonner";
import { ActionDialog } from "@/client/components/action-dialog";
import { AsyncView, ListSkeleton } from "@/client/components/async-view";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { serverText } from "@/client/lib/api";
import { formatTimeAgo } from "@/shared/format";
import { type AccountSession, accountQueries, useEndOtherSessions, useEndSession } from "../api";

const KIND_ICONS = { desktop: Monitor, mobile: Smartphone, tablet: Tablet } as const;

/**
 * The member's signed-in browsers (#security, where the security emails link): each with its device, address
 * and when it was last seen; any but this one can be signed out, or all of them at once. Live: the list is
 * refetched on every "session" event.
 */
export function SessionsCard() {
  const { t } = useLingui();
  const query = useQuery(accountQueries.sessions());
  const card = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const loaded = query.isSuccess;

  // The link in a security email ends in #security: the card is shown once the page and list have loaded.
  useEffect(() => {
    if (hash === "#security" && loaded) card.current?.scrollIntoView({ block: "start" });
  }, [hash, loaded]);

  return (
    <Card id="security" ref={card} className="scroll-mt-24">
      <CardHeading
        title={t`Sessions`}
        description={t`Where your account is signed in. If you do not recognise one, sign it out and change your password.`}
      />
      <CardContent>
        <AsyncView
          query={query}
          loading={<ListSkeleton label={t`Loading your sessions`} items={["h-14", "h-14"]} />}
          errorFallback={t`Your sessions could not be loaded.`}
        >
          {(sessions) => <SessionList sessions={sessions} />}
        </AsyncView>
      </CardContent>
    </Card>
  );
}

function SessionList({ sessions }: { sessions: AccountSession[] }) {
  const { t } = useLingui();
  const others = sessions.filter((session) => !session.current);
  return (
    <div className="flex flex-col gap-5">
      <ul className="divide-y divide-stone" aria-label={t`Active sessions`}>
        {sessions.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      {others.length > 0 ? <SignOutOthers count={others.length} /> : null}
    </div>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const { t } = useLingui();
  const Icon = KIND_ICONS[session.kind];
  return (
    <li className="flex items-center gap-4 py-4 first:pt-0 last:pb-0">
      <Icon aria-hidden className="size-5 shrink-0 text-gold-deep" strokeWidth={1.5} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-medium text-noir">
          {serverText(session.device, session.deviceKey, session.deviceParams)}
          {session.current ? <Badge variant="gold">{t`This device`}</Badge> : null}
        </p>
        <p className="mt-1 text-xs text-ink-muted">
          {session.address ?? t`Address unknown`}
          <span aria-hidden> · </span>
          <span className="whitespace-nowrap">
            {session.current
              ? t`Active now`
              : t`Last seen ${formatTimeAgo(session.lastSeenAt, undefined, t`just now`)}`}
          </span>
        </p>
      </div>
      {session.current ? null : <EndSession session={session} />}
    </li>
  );
}

function EndSession({ session }: { session: AccountSession }) {
  const { t } = useLingui();
  const device = serverText(session.device, session.deviceKey, session.deviceParams);
  const end = useEndSession();
  return (
    <ActionDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={t`Sign out ${device}`}>
          {t`Sign Out`}
        </Button>
      }
      title={t`Sign out this session?`}
      description={t`${device} will be signed out at once and will need your password to come back.`}
      confirmLabel={end.isPending ? t`Signing out…` : t`Sign Out`}
      busy={end.isPending}
      onConfirm={() => end.mutateAsync(session.id)}
      success={t`Session signed out`}
    />
  );
}

function SignOutOthers({ count }: { count: number }) {
  const { t } = useLingui();
  const endAll = useEndOtherSessions();

  async function signOutOthers() {
    const { signedOut } = await endAll.mutateAsync();
    toast.success(plural(signedOut, { one: "# session signed out", other: "# sessions signed out" }));
  }

  return (
    <div>
      <ActionDialog
        trigger={<Button variant="outline">{t`Sign Out Everywhere Else`}</Button>}
        title={t`Sign out everywhere else?`}
        description={plural(count, {
          one: "# other session will be signed out at once. This device stays signed in.",
          other: "# other sessions will be signed out at once. This device stays signed in.",
        })}
        confirmLabel={endAll.isPending ? t`Signing out…` : t`Sign Out Everywhere Else`}
        busy={endAll.isPending}
        onConfirm={signOutOthers}
        success={null}
      />
    </div>
  );
}
