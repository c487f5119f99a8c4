import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { memo } from "react";
import { useSearchParams } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { usePublicConfig } from "@/client/lib/public-config";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { PrivacyPolicyText, RefundPolicy, TermsOfService } from "../content/legal";

const TABS = [
  { value: "terms", label: msg`Terms of Service`, Body: TermsOfService },
  { value: "privacy", label: msg`Privacy Policy`, Body: PrivacyPolicyText },
  { value: "refund", label: msg`Refund Policy`, Body: RefundPolicy },
] as const;
type TabValue = (typeof TABS)[number]["value"];

/** The selected tab lives in the URL (?tab=privacy) so each policy can be linked; Terms by default. */
function readTab(raw: string | null): TabValue {
  return TABS.find((entry) => entry.value === raw)?.value ?? "terms";
}

function LegalPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(
    t`Legal`,
    t`Maison's Terms of Service, Privacy Policy and Refund Policy: membership, authorization holds, your data and your rights.`,
  );
  const [params, setParams] = useSearchParams();
  const tab = readTab(params.get("tab"));
  const contactEmail = usePublicConfig().data?.contactEmail;

  function select(value: string) {
    const next = new URLSearchParams(params);
    next.set("tab", readTab(value));
    setParams(next, { replace: true, preventScrollReset: true });
  }

  return (
    <>
      <section className="border-b border-stone">
        <div className="page-container pt-16 pb-12 sm:pt-24 sm:pb-16">
          <p className="eyebrow flex items-center gap-4 text-gold-deep">
            <span aria-hidden className="gold-rule" />
            {t`Terms & policies`}
          </p>
          <h1 className="mt-7 text-display">{t`Legal`}</h1>
          <p className="mt-6 max-w-2xl text-lede text-ink-muted">
            {t`The terms of your membership, how we look after your data and how refunds and holds work.`}
          </p>
          <p className="mt-4 text-sm text-ink-muted">{t`Last updated 1 November 2026`}</p>
        </div>
      </section>

      <section className="page-container pt-10 pb-24 sm:pt-14">
        <Tabs value={tab} onValueChange={select} className="mx-auto max-w-3xl">
          <TabsList aria-label={t`Legal documents`} className="w-full">
            {TABS.map((entry) => (
              <TabsTrigger key={entry.value} value={entry.value}>
                {i18n._(entry.label)}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map(({ value, label, Body }) => (
            <TabsContent key={value} value={value} className="pt-10 sm:pt-12">
              <article aria-label={i18n._(label)} className="prose-maison">
                <Body contactEmail={contactEmail} />
              </article>
            </TabsContent>
          ))}
        </Tabs>
      </section>
    </>
  );
}

/** Memoised: the layout re-renders when the session or config arrives, and the page need not re-render with it. */
export default memo(LegalPage);
