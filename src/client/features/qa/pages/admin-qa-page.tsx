/**
 * /admin/qa: the QA tools. Demo data (seed, remove), a fake request and a test notification. Where the tools are
 * turned off (a public deployment) the server answers 404 with its reason, which is the page's whole content.
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { FlaskConical } from "lucide-react";
import { AdminPage } from "@/client/components/admin-page";
import { AsyncView } from "@/client/components/async-view";
import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import { ApiError, errorMessage } from "@/client/lib/api";
import { qaQueries } from "../api";
import { BankTransferSection } from "../components/bank-transfer-section";
import { DemoDataSection, FakeRequestSection, NotificationSection } from "../components/qa-sections";

export default function AdminQaPage() {
  const { t } = useLingui();
  const qa = useQuery(qaQueries.status());
  return (
    <AdminPage
      width="4xl"
      spacious
      eyebrow={t`Admin`}
      title={t`QA tools`}
      description={t`Test data and test sends for trying the product end to end. Not available on the public site.`}
    >
      <AsyncView
        query={qa}
        loading={
          <div role="status" className="flex flex-col gap-8">
            <span className="sr-only">{t`Loading the QA tools`}</span>
            <Skeleton className="h-72" />
            <Skeleton className="h-44" />
            <Skeleton className="h-40" />
          </div>
        }
        error={
          // Turned off here: said calmly, with nothing to press. Any other failure keeps the usual retry panel.
          (error, retry) =>
            error instanceof ApiError && error.status === 404 ? (
              <TurnedOff message={errorMessage(error)} />
            ) : (
              <LoadFailed message={errorMessage(error, t`Failed to load the QA tools`)} retry={retry} />
            )
        }
      >
        {(status) => (
          <>
            <DemoDataSection status={status} />
            <FakeRequestSection />
            <NotificationSection />
            <BankTransferSection />
          </>
        )}
      </AsyncView>
    </AdminPage>
  );
}

function TurnedOff({ message }: { message: string }) {
  return (
    <div className="flex items-start gap-4 rounded-lg border border-stone bg-card px-6 py-6">
      <FlaskConical aria-hidden className="mt-0.5 size-5 shrink-0 text-gold-deep" strokeWidth={1.5} />
      <p className="text-sm leading-relaxed">{message}</p>
    </div>
  );
}

/** AsyncView's own error panel, for the errors other than "turned off". */
function LoadFailed({ message, retry }: { message: string; retry: () => void }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-oxblood/30 bg-oxblood/5 px-5 py-4">
      <p role="alert" className="text-sm text-oxblood">
        {message}
      </p>
      <Button variant="outline" size="sm" onClick={retry}>
        {t`Try again`}
      </Button>
    </div>
  );
}
