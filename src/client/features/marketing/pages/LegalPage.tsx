import { memo } from "react";
import { useSearchParams } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { usePublicConfig } from "@/client/lib/public-config";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { LEGAL_UPDATED, PrivacyPolicyText, RefundPolicy, TermsOfService } from "../content/legal";

const TABS = [
  { value: "terms", label: "Terms of Service", Body: TermsOfService },
  { value: "privacy", label: "Privacy Policy", Body: PrivacyPolicyText },
  { value: "refund", label: "Refund Policy", Body: RefundPolicy },
] as const;
type TabValue = (typeof TABS)[number]["value"];

/** The selected tab lives in the URL (?tab=privacy) so each policy can be linked; Terms by default. */
function readTab(raw: string | null): TabValue {
  return TABS.find((t) => t.value === raw)?.value ?? "terms";
}

function LegalPage() {
  useDocumentTitle(
    "Legal",
    "Maison's Terms of Service, Privacy Policy and Refund Policy: membership, authorization holds, your data and your rights.",
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
            Terms &amp; policies
          </p>
          <h1 className="mt-7 text-display">Legal</h1>
          <p className="mt-6 max-w-2xl text-lede text-ink-muted">
            The terms of your membership, how we look after your data and how refunds and holds work.
          </p>
          <p className="mt-4 text-sm text-ink-muted">Last updated {LEGAL_UPDATED}</p>
        </div>
      </section>

      <section className="page-container pt-10 pb-24 sm:pt-14">
        <Tabs value={tab} onValueChange={select} className="mx-auto max-w-3xl">
          <TabsList aria-label="Legal documents" className="w-full">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map(({ value, label, Body }) => (
            <TabsContent key={value} value={value} className="pt-10 sm:pt-12">
              <article aria-label={label} className="prose-maison">
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
