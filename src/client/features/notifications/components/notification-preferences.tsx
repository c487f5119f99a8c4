/**
 * The staff's notification channels on /admin/settings (composed there by app/): email, Slack and SMS switches,
 * and the test email and test Slack-style message, sent through the real outbox path with their outcome said.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Bell, LoaderCircle, Mail, MessageSquare } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { AsyncView, ListSkeleton } from "@/client/components/async-view";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { errorMessage, sharedText } from "@/client/lib/api";
import { useSession } from "@/client/lib/session";
import { cn } from "@/client/lib/utils";
import { notificationQueries, type TestSendResult, useSendTestEmail, useSendTestSlack } from "../api";
import { PreferenceSwitch } from "./preference-switch";

export function NotificationPreferences() {
  const { t } = useLingui();
  const query = useQuery(notificationQueries.preferences());
  const { user } = useSession();
  return (
    <Card>
      <CardHeading
        icon={Bell}
        title={t`Notifications`}
        description={t`How you hear about new requests, members' messages and status changes. In the app, the centre always has them.`}
      />
      <CardContent className="flex flex-col gap-6">
        <AsyncView
          query={query}
          loading={<ListSkeleton label={t`Loading notification preferences`} items={["h-12", "h-12", "h-12"]} />}
          errorFallback={t`Failed to load notification preferences`}
        >
          {(preferences) => (
            <div className="divide-y divide-stone border-y border-stone">
              <PreferenceSwitch
                channel="email"
                label={t`Email notifications`}
                description={user?.email ? t`To ${user.email}.` : t`To your account's email address.`}
                checked={preferences.email}
              />
              <PreferenceSwitch
                channel="slack"
                label={t`Slack notifications`}
                description={t`Posted to the team's Slack-style webhook (SLACK_WEBHOOK_URL).`}
                checked={preferences.slack}
              />
              <PreferenceSwitch
                channel="sms"
                label={t`SMS notifications`}
                description={t`No SMS provider is connected: this choice is kept for when one is.`}
                checked={preferences.sms}
              />
            </div>
          )}
        </AsyncView>
        <TestSends />
      </CardContent>
    </Card>
  );
}

interface Outcome {
  tone: "success" | "warning" | "error";
  text: string;
  /** The message went into the outbox (a refusal such as "Slack is not configured" did not). */
  queued: boolean;
}

/** What a test send's answer means, in words (each channel's own sentence); shown as a toast and under the buttons. */
const OUTCOME_TEXTS = {
  email: {
    sent: msg`Test email sent`,
    held: msg`Test email held in the outbox: email is not configured (no SMTP).`,
    pending: msg`Test email not delivered yet; the outbox will try again.`,
    failed: msg`Test email failed`,
  },
  slack: {
    sent: msg`Test message sent`,
    held: msg`Test message held in the outbox: email is not configured (no SMTP).`,
    pending: msg`Test message not delivered yet; the outbox will try again.`,
    failed: msg`Test message failed`,
  },
};

function outcomeOf(channel: "email" | "slack", result: TestSendResult, i18n: I18n): Outcome {
  const texts = OUTCOME_TEXTS[channel];
  // The server's reason (in English, keyed) in the interface's language.
  const reason = result.error ? sharedText(result.error) : "";
  switch (result.status) {
    case "sent":
      return { tone: "success", text: i18n._(texts.sent), queued: true };
    case "held":
      // No SMTP: the outbox keeps it until email is configured (the server's `error` says so too).
      return { tone: "warning", text: i18n._(texts.held), queued: true };
    case "pending":
      return { tone: "warning", text: [i18n._(texts.pending), reason].filter(Boolean).join(" "), queued: true };
    default:
      return { tone: "error", text: reason || i18n._(texts.failed), queued: true };
  }
}

function say(outcome: Outcome) {
  if (outcome.tone === "success") toast.success(outcome.text);
  else if (outcome.tone === "warning") toast.warning(outcome.text);
  else toast.error(outcome.text);
}

function TestSends() {
  const { t, i18n } = useLingui();
  const { role } = useSession();
  const email = useSendTestEmail();
  const slack = useSendTestSlack();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function send(channel: "email" | "slack") {
    const mutation = channel === "email" ? email : slack;
    if (mutation.isPending) return; // one at a time: a second click waits for the first answer
    setOutcome(null);
    let next: Outcome;
    try {
      next = outcomeOf(channel, await mutation.mutateAsync(), i18n);
    } catch (error) {
      next = {
        tone: "error",
        text: errorMessage(error, channel === "email" ? t`Failed to send test email` : t`Failed to send test message`),
        queued: false,
      };
    }
    setOutcome(next);
    say(next);
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h4 className="text-sm font-medium">{t`Test deliveries`}</h4>
        <p className="text-sm text-ink-muted">
          {t`Sent now, through the outbox like every other message; sending can take a few seconds.`}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" size="sm" onClick={() => void send("email")} aria-busy={email.isPending || undefined}>
          {email.isPending ? (
            <LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" />
          ) : (
            <Mail aria-hidden />
          )}
          {email.isPending ? t`Sending test email…` : t`Send test email`}
        </Button>
        <Button variant="outline" size="sm" onClick={() => void send("slack")} aria-busy={slack.isPending || undefined}>
          {slack.isPending ? (
            <LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" />
          ) : (
            <MessageSquare aria-hidden />
          )}
          {slack.isPending ? t`Sending test message…` : t`Send test Slack message`}
        </Button>
      </div>
      {/* The toast says it aloud; this line keeps it in view. */}
      <p
        className={cn(
          "text-sm empty:hidden",
          outcome?.tone === "success" && "text-forest",
          outcome?.tone === "warning" && "text-noir",
          outcome?.tone === "error" && "text-oxblood",
        )}
      >
        {outcome && (
          <>
            {outcome.text}
            {role === "admin" && outcome.queued && outcome.tone !== "success" && (
              <>
                {" "}
                <Link to="/admin/outbox" className="underline underline-offset-4 hover:text-gold-deep">
                  {t`Open the outbox`}
                </Link>
              </>
            )}
          </>
        )}
      </p>
    </div>
  );
}
