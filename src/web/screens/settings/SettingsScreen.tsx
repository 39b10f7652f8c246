import { Trans, useLingui } from "@lingui/react/macro";
import { useCan, useProperty } from "../../api/property.js";
import { PageHeader } from "../../components/PageHeader.js";
import { ApiTokens } from "./ApiTokens.js";
import { BookingEngineSection } from "./BookingEngineSection.js";
import { DayCloseSettingsForm } from "./DayCloseSettingsForm.js";
import { EmailsSection } from "./EmailsSection.js";
import { InvoiceSettingsForm } from "./InvoiceSettingsForm.js";
import { ProductsSection } from "./ProductsSection.js";
import { RatePlansSection } from "./RatePlansSection.js";
import { SettingsForm } from "./SettingsForm.js";
import { TaxesSection } from "./TaxesSection.js";
import { WebhooksSection } from "./WebhooksSection.js";
import "./money-settings.css";
import "./rate-plans.css";

export default function SettingsScreen() {
  const property = useProperty();
  const { code } = property;
  // Tokens and webhooks act for the whole property: only those who manage the team may see them
  // (docs/product.md#roles-and-permissions).
  const integrations = useCan("team");
  const manager = useCan("manage");
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Settings`} />
      <section className="panel">
        <h2>
          <Trans>Property</Trans>
        </h2>
        <p className="muted settings-code">
          <Trans>
            Code <code>{code}</code>
          </Trans>
        </p>
        <SettingsForm property={property} />
      </section>
      <section className="panel" aria-labelledby="invoice-settings-heading">
        <h2 id="invoice-settings-heading">
          <Trans>Invoices</Trans>
        </h2>
        <InvoiceSettingsForm property={property} />
      </section>
      <section className="panel" aria-labelledby="day-close-settings-heading">
        <h2 id="day-close-settings-heading">
          <Trans>Day close</Trans>
        </h2>
        <DayCloseSettingsForm property={property} />
      </section>
      <TaxesSection />
      <ProductsSection />
      <RatePlansSection />
      <BookingEngineSection property={property} />
      {manager ? <EmailsSection /> : null}
      {integrations ? (
        <>
          <ApiTokens />
          <WebhooksSection />
        </>
      ) : null}
    </>
  );
}
