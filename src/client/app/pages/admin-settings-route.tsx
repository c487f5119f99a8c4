/**
 * /admin/settings: the admin feature's settings page with the notifications feature's channels card and push
 * devices, the requests feature's assignment setting, and (admins) the service levels' settings in it.
 */
import AdminSettingsPage from "@/client/features/billing/pages/admin-settings-page";
import { NotificationPreferences } from "@/client/features/notifications/components/notification-preferences";
import { PushDevicesCard } from "@/client/features/notifications/components/push-devices-card";
import { RoundRobinCard } from "@/client/features/requests/components/admin-round-robin";
import { ServiceLevelSettingsCard } from "@/client/features/service-levels/components/service-level-settings-card";
import { useSession } from "@/client/lib/session";

export default function AdminSettingsRoute() {
  const { role } = useSession();
  return (
    <AdminSettingsPage
      notifications={
        <div className="flex flex-col gap-8">
          <NotificationPreferences />
          <PushDevicesCard audience="staff" />
        </div>
      }
      assignment={<RoundRobinCard />}
      serviceLevels={role === "admin" ? <ServiceLevelSettingsCard /> : undefined}
    />
  );
}
