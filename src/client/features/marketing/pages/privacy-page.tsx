import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeftIcon } from "lucide-react";
import { memo } from "react";
import { Link } from "react-router";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { usePublicConfig } from "@/client/lib/public-config";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { RuledEyebrow } from "../components/section-parts";

function PrivacyPage() {
  const { t } = useLingui();
  useDocumentTitle(
    t`Privacy Policy`,
    t`How Maison collects, uses and protects your personal data, the cookies we use, and your rights under the GDPR.`,
  );
  const contactEmail = usePublicConfig().data?.contactEmail;
  return (
    <section className="page-container pt-16 pb-24 sm:pt-24 sm:pb-32">
      <div className="mx-auto max-w-3xl">
        <RuledEyebrow>{t`Your data`}</RuledEyebrow>
        <h1 className="mt-7 text-display">{t`Privacy Policy`}</h1>
        <p className="mt-8 text-lede text-ink-muted">
          <Trans>
            We collect only what we need to serve you, we keep it safe, and we never sell it. This is the short version;
            the full text is part of our{" "}
            <Link to="/legal?tab=privacy" className="text-noir underline decoration-gold underline-offset-4">
              legal documents
            </Link>
            .
          </Trans>
        </p>

        <div className="prose-maison mt-14 border-t border-stone pt-4">
          <h2>{t`What we collect`}</h2>
          <p>
            {t`Your name, email address and phone number; the requests you submit, the messages you exchange with our team and any files you attach; and your membership status. Card details are handled by our payment provider and never reach our servers.`}
          </p>
          <h2>{t`How we use it`}</h2>
          <p>
            {t`To run your membership and fulfil your requests, to keep you informed about them and to keep the service secure. A request is shared only with the suppliers who need it to source what you asked for.`}
          </p>
          <h2>{t`Cookies`}</h2>
          <p>
            {t`Only essential ones: a session cookie keeps you signed in, your chosen language is remembered, and your browser remembers that you accepted our privacy notice. No advertising or cross-site trackers.`}
          </p>
          <h2>{t`Your rights`}</h2>
          <p>
            {t`You may access, correct, export or delete your data at any time, and complain to the Portuguese data protection authority (CNPD).`}
            {contactEmail && (
              <>
                {" "}
                <Trans>
                  Write to us at <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
                </Trans>
              </>
            )}
          </p>
        </div>

        <Link to="/" className={`${buttonVariants({ variant: "outline", size: "cta" })} mt-14`}>
          <ArrowLeftIcon aria-hidden />
          {t`Back to Home`}
        </Link>
      </div>
    </section>
  );
}

/** Memoised: the layout re-renders when the session or config arrives, and the page need not re-render with it. */
export default memo(PrivacyPage);
