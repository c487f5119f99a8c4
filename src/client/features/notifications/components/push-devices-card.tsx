/**
 * Push notifications, on /profile (members) and /admin/settings (staff), composed there by app/ (issue 24,
 * item 5): the push switch and its preview, the devices push is on for (each removable, this one marked), and
 * "Turn on for this device", which asks the browser's permission and subscribes it (push-device.ts).
 */
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BellRing, LoaderCircle, Monitor, Smartphone, Tablet } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { AsyncView, ListSkeleton } from "@/client/components/async-view";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { serverText } from "@/client/lib/api";
import { toastFailure } from "@/client/lib/toasts";
import { formatLongDate, formatTimeAgo } from "@/shared/format";
import { notificationQueries, type PushDevice, useAddDevice, useRemoveDevice } from "../api";
import {
  type PushFailure,
  PushPermissionRefused,
  pushAvailability,
  pushFailureOf,
  subscribeThisDevice,
  thisDeviceEndpoint,
  unsubscribeThisDevice,
} from "../push-device";
import { PreferenceSwitch } from "./preference-switch";

const KIND_ICONS = { desktop: Monitor, mobile: Smartphone, tablet: Tablet } as const;

const TEXTS = {
  title: msg`Push notifications`,
  member: msg`A reply from our team reaches your phone or computer like a message, on each device you turn this on for.`,
  staff: msg`A member's message reaches your phone or computer, on each device you turn this on for. When a request or a conversation has an owner, only the owner's devices are told.`,
  pushLabel: msg`Push notifications`,
  pushDescription: msg`Sent to the devices below.`,
  previewLabel: msg`Show message previews`,
  previewDescription: msg`Who wrote, and the first line of what they wrote. Off, a notification only says there is something new: a locked screen is seen by others.`,
  list: msg`Devices with push notifications`,
  empty: msg`No device has push notifications yet.`,
  thisDevice: msg`This device`,
  turnOn: msg`Turn on for this device`,
  turningOn: msg`Turning on…`,
  on: msg`Push notifications are on for this device`,
  notNow: msg`Push notifications were not turned on.`,
  blocked: msg`Notifications are blocked for this site. Allow them in your browser's settings, then try again.`,
  blockedNote: msg`Notifications are blocked for this site in this browser's settings.`,
  unsupported: msg`This browser cannot receive push notifications. In a private window, open Maison in a normal one; on an iPhone or iPad, add Maison to your Home Screen first and turn them on there.`,
  failed: msg`Push notifications could not be turned on for this device.`,
  // Why, and what to do (issue 34 item 11).
  refused: msg`Your browser refused push notifications for this site. A private window always refuses them: open Maison in a normal window. Otherwise allow notifications for this site in your browser's settings, then try again.`,
  noPushService: msg`This browser could not reach its push service. Some browsers turn it off (in Brave: allow Google services for push messaging in its settings); turn it on or use another browser, then try again.`,
  noWorker: msg`This browser would not let Maison set up notifications here, as in a private window or when site data is blocked. Open Maison in a normal window, or allow this site's data in your browser's settings, then try again.`,
  remove: msg`Remove`,
  removed: msg`Device removed`,
  removeFailed: msg`The device could not be removed.`,
  neverNotified: msg`Not notified yet`,
};

const THIS_DEVICE_KEY = ["notifications", "this-device"] as const;

export function PushDevicesCard({ audience }: { audience: "member" | "staff" }) {
  const { t, i18n } = useLingui();
  const devices = useQuery(notificationQueries.devices());
  const preferences = useQuery(notificationQueries.preferences());
  const endpoint = useQuery({ queryKey: THIS_DEVICE_KEY, queryFn: thisDeviceEndpoint });

  return (
    <Card id="push">
      <CardHeading icon={BellRing} title={i18n._(TEXTS.title)} description={i18n._(TEXTS[audience])} />
      <CardContent className="flex flex-col gap-6">
        <AsyncView
          query={preferences}
          loading={<ListSkeleton label={t`Loading notification preferences`} items={["h-12", "h-12"]} />}
          errorFallback={t`Failed to load notification preferences`}
        >
          {(current) => (
            <div className="divide-y divide-stone border-y border-stone">
              <PreferenceSwitch
                channel="push"
                label={i18n._(TEXTS.pushLabel)}
                description={i18n._(TEXTS.pushDescription)}
                checked={current.push}
              />
              <PreferenceSwitch
                channel="pushPreview"
                label={i18n._(TEXTS.previewLabel)}
                description={i18n._(TEXTS.previewDescription)}
                checked={current.pushPreview}
              />
            </div>
          )}
        </AsyncView>
        <AsyncView
          query={devices}
          loading={<ListSkeleton label={t`Loading your devices`} items={["h-14"]} />}
          errorFallback={t`Your devices could not be loaded.`}
        >
          {({ items, publicKey }) => {
            const mine = endpoint.data ?? null;
            const listed = items.some((device) => device.endpoint === mine);
            return (
              <div className="flex flex-col gap-5">
                {items.length ? (
                  <ul className="divide-y divide-stone" aria-label={i18n._(TEXTS.list)}>
                    {items.map((device) => (
                      <DeviceRow key={device.id} device={device} current={device.endpoint === mine} />
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-ink-muted">{i18n._(TEXTS.empty)}</p>
                )}
                {listed ? null : <ThisDevice publicKey={publicKey} />}
              </div>
            );
          }}
        </AsyncView>
      </CardContent>
    </Card>
  );
}

function DeviceRow({ device, current }: { device: PushDevice; current: boolean }) {
  const { t, i18n } = useLingui();
  const Icon = KIND_ICONS[device.kind];
  const remove = useRemoveDevice();
  const queryClient = useQueryClient();

  async function onRemove() {
    if (remove.isPending) return;
    try {
      await remove.mutateAsync(device.id);
      // This browser's own subscription goes too: the push service forgets it.
      if (current) {
        await unsubscribeThisDevice().catch(() => {});
        await queryClient.invalidateQueries({ queryKey: THIS_DEVICE_KEY });
      }
      toast.success(i18n._(TEXTS.removed));
    } catch (error) {
      toastFailure(error, i18n._(TEXTS.removeFailed));
    }
  }

  const name = serverText(device.device, device.deviceKey, device.deviceParams);
  return (
    <li className="flex items-center gap-4 py-4 first:pt-0 last:pb-0">
      <Icon aria-hidden className="size-5 shrink-0 text-gold-deep" strokeWidth={1.5} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-medium text-noir">
          {name}
          {current ? <Badge variant="gold">{i18n._(TEXTS.thisDevice)}</Badge> : null}
        </p>
        <p className="mt-1 text-xs text-ink-muted">
          <span className="whitespace-nowrap">{t`Added ${formatLongDate(device.createdAt)}`}</span>
          <span aria-hidden> · </span>
          <span className="whitespace-nowrap">
            {device.lastUsedAt
              ? t`Last notified ${formatTimeAgo(device.lastUsedAt, undefined, t`just now`)}`
              : i18n._(TEXTS.neverNotified)}
          </span>
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void onRemove()}
        aria-label={t`Remove ${name}`}
        aria-busy={remove.isPending || undefined}
      >
        {i18n._(TEXTS.remove)}
      </Button>
    </li>
  );
}

/** "Turn on for this device", or why this browser cannot have push. */
function ThisDevice({ publicKey }: { publicKey: string }) {
  const { i18n } = useLingui();
  const [availability, setAvailability] = useState(pushAvailability);
  const [asking, setAsking] = useState(false);
  /** Why the last try failed, said under the button until the next try. */
  const [failure, setFailure] = useState<PushFailure | null>(null);
  const add = useAddDevice();
  const queryClient = useQueryClient();

  if (availability === "unsupported") return <p className="text-sm text-ink-muted">{i18n._(TEXTS.unsupported)}</p>;
  if (availability === "blocked") return <p className="text-sm text-ink-muted">{i18n._(TEXTS.blockedNote)}</p>;

  async function turnOn() {
    if (asking) return;
    setAsking(true);
    setFailure(null);
    try {
      const subscription = await subscribeThisDevice(publicKey);
      await add.mutateAsync(subscription);
      await queryClient.invalidateQueries({ queryKey: THIS_DEVICE_KEY });
      toast.success(i18n._(TEXTS.on));
    } catch (error) {
      if (error instanceof PushPermissionRefused) {
        if (error.message === "denied") toast.error(i18n._(TEXTS.blocked));
        else toast(i18n._(TEXTS.notNow));
      } else {
        const reason = pushFailureOf(error);
        setFailure(reason);
        // The browser's own words ("Registration failed - …") say nothing to a member: ours, and why below.
        if (reason) toast.error(i18n._(TEXTS.failed));
        else toastFailure(error, i18n._(TEXTS.failed));
      }
    } finally {
      setAvailability(pushAvailability());
      setAsking(false);
    }
  }

  return (
    <div>
      <Button variant="outline" onClick={() => void turnOn()} aria-busy={asking || undefined}>
        {asking ? (
          <LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" />
        ) : (
          <BellRing aria-hidden />
        )}
        {asking ? i18n._(TEXTS.turningOn) : i18n._(TEXTS.turnOn)}
      </Button>
      <p role="status" className="mt-3 max-w-prose text-sm text-ink-muted empty:hidden">
        {failure && i18n._(TEXTS[failure])}
      </p>
    </div>
  );
}
